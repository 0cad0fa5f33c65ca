import { useEffect, useRef, useState } from 'react';
import type { StructureDraft } from '../../../domain/structure';
import { chooseDraft, readStoredDraft, sameStructure, writeStoredDraft, type DraftOrigin } from './draftStorage';
import type { StructurePageData } from './structureQueries';

/** Changes reach local storage this long after the last keystroke (spec §9). */
export const AUTOSAVE_DELAY_MS = 300;

interface DraftState {
  draft: StructureDraft;
  origin: DraftOrigin;
  /** The draft as the server has it: Save is offered when the page's draft differs from it. */
  baseline: StructureDraft;
  version: number | null;
  updatedAt: string | null;
}

/**
 * The page's working copy of the draft: opened from the newer of this browser's copy and the server's, written to
 * local storage 300 ms after each change (editable pages only), and re-based when the server has saved it.
 */
export function useStructureDraft(rootId: number, data: StructurePageData) {
  const [state, setState] = useState<DraftState>(() => {
    const { draft, origin } = chooseDraft(data, data.canEdit ? readStoredDraft(rootId) : null);
    return { draft, origin, baseline: data.draft, version: data.version, updatedAt: data.updatedAt };
  });
  const changedByUser = useRef(false);

  useEffect(() => {
    if (!changedByUser.current || !data.canEdit) return;
    const timer = window.setTimeout(() => writeStoredDraft(rootId, state.draft), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [rootId, data.canEdit, state.draft]);

  return {
    draft: state.draft,
    origin: state.origin,
    version: state.version,
    updatedAt: state.updatedAt,
    changed: !sameStructure(state.draft, state.baseline),
    change: (draft: StructureDraft) => {
      changedByUser.current = true;
      setState((current) => ({ ...current, draft }));
    },
    markSaved: (saved: StructureDraft, version: number, updatedAt: string) => setState((current) => ({ ...current, baseline: saved, version, updatedAt, origin: 'server' })),
  };
}
