import { structureDraftStorageKey, type StructureDraft } from '../../../domain/structure';

/** The draft as this browser keeps it (spec §9: key 'project-structure-' + root id), with the moment it was written. */
export interface StoredDraft {
  draft: StructureDraft;
  savedAt: string;
}

function looksLikeDraft(value: unknown): value is StructureDraft {
  const subprojects = (value as StructureDraft | null)?.subprojects;
  return (
    Array.isArray(subprojects) &&
    subprojects.every((subproject) => typeof subproject?.id === 'string' && typeof subproject.name === 'string' && Array.isArray(subproject.children) && subproject.children.every((lot) => typeof lot?.id === 'string' && typeof lot.name === 'string' && Array.isArray(lot.materials)))
  );
}

export function readStoredDraft(rootId: number): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(structureDraftStorageKey(rootId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    return looksLikeDraft(stored.draft) && typeof stored.savedAt === 'string' && !Number.isNaN(Date.parse(stored.savedAt)) ? { draft: stored.draft, savedAt: stored.savedAt } : null;
  } catch {
    return null;
  }
}

export function writeStoredDraft(rootId: number, draft: StructureDraft, now: Date = new Date()): StoredDraft {
  const stored = { draft, savedAt: now.toISOString() };
  try {
    window.localStorage.setItem(structureDraftStorageKey(rootId), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the draft still lives in the page and can be saved on the server.
  }
  return stored;
}

export function clearStoredDraft(rootId: number): void {
  try {
    window.localStorage.removeItem(structureDraftStorageKey(rootId));
  } catch {
    // Nothing stored that could be removed.
  }
}

/** JSON with the keys of every object sorted: two drafts compare equal however their keys were written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) =>
    node && typeof node === 'object' && !Array.isArray(node) ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => a.localeCompare(b))) : node,
  );
}

/** Same subprojects, lots and materials; which panels are open does not count as a change. */
export function sameStructure(first: StructureDraft, second: StructureDraft): boolean {
  const comparable = (draft: StructureDraft) => canonical(draft.subprojects.map(({ expanded: _expanded, ...subproject }) => subproject));
  return comparable(first) === comparable(second);
}

export type DraftOrigin = 'local' | 'server' | 'units';

/**
 * The draft the page opens with: the one of this browser when it was written after the server's (or the server
 * has none and shows the project's units), otherwise the server's.
 */
export function chooseDraft(server: { draft: StructureDraft; source: 'server' | 'units'; updatedAt: string | null }, local: StoredDraft | null): { draft: StructureDraft; origin: DraftOrigin } {
  if (!local || canonical(local.draft) === canonical(server.draft)) return { draft: server.draft, origin: server.source };
  const localIsNewer = server.source === 'units' || !server.updatedAt || Date.parse(local.savedAt) > Date.parse(server.updatedAt);
  return localIsNewer ? { draft: local.draft, origin: 'local' } : { draft: server.draft, origin: 'server' };
}
