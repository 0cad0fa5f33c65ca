import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Chip, Paper, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { StructureProblem } from '../../../domain/structure';
import { useConflictHandler } from '../../../providers/conflict';
import { messagesText } from '../../../providers/http';
import { clearStoredDraft, writeStoredDraft } from './draftStorage';
import { FinishStructureButton } from './FinishStructureButton';
import { IfcImportMenu } from './IfcImportMenu';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import type { ApiFieldMessage, StructurePageData } from './structureQueries';
import type { useStructureDraft } from './useStructureDraft';
import { formatDateTime } from '../../../domain/format';

interface StructureToolbarProps {
  data: StructurePageData;
  draftState: ReturnType<typeof useStructureDraft>;
  problems: StructureProblem[];
  onReload: () => void;
  onIfcError: (message: string) => void;
  onServerProblems: (messages: ApiFieldMessage[]) => void;
}

/** Where the draft stands: saved on the server (when), kept in this browser only, or the project's units as they are. */
function DraftStatus({ draftState }: { draftState: StructureToolbarProps['draftState'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (draftState.changed) return <Chip size="small" color="warning" variant="outlined" label={translate('STRUCTURE.Status.Unsaved')} data-testid="draft-status" />;
  if (draftState.updatedAt) {
    const when = formatDateTime(draftState.updatedAt, locale);
    return <Chip size="small" icon={<CloudDoneOutlinedIcon />} variant="outlined" label={translate('STRUCTURE.Status.Saved', { date: when })} data-testid="draft-status" />;
  }
  return <Chip size="small" variant="outlined" label={translate('STRUCTURE.Status.Units')} data-testid="draft-status" />;
}

/** Save, discard, IFC import and the workflow's finish button, with the draft's status and the number of problems. */
export function StructureToolbar({ data, draftState, problems, onReload, onIfcError, onServerProblems }: StructureToolbarProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const handleConflict = useConflictHandler();
  const [saving, setSaving] = useState(false);
  const [discarding, setDiscarding] = useState<'ask' | 'busy' | null>(null);
  const rootId = data.rootProjectUnitID;
  const { draft, changed } = draftState;
  const canSave = changed && problems.length === 0 && !saving;
  const canDiscard = data.source === 'server' || changed || draftState.origin === 'local';

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    try {
      const saved = await dataProvider.saveStructureDraft(rootId, draft, draftState.version);
      draftState.markSaved(draft, saved.version, saved.updatedAt);
      writeStoredDraft(rootId, draft);
      notify('STRUCTURE.Saved', { type: 'success' });
    } catch (error) {
      // Someone else saved the draft meanwhile: the message, then their draft (this browser's copy is dropped).
      const conflict = handleConflict(error, () => {
        clearStoredDraft(rootId);
        onReload();
      });
      if (!conflict) notify(messagesText((error as { body?: unknown }).body) ?? (error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const discard = async () => {
    setDiscarding('busy');
    try {
      await dataProvider.discardStructureDraft(rootId);
      clearStoredDraft(rootId);
      notify('STRUCTURE.Discarded', { type: 'info' });
      setDiscarding(null);
      onReload();
    } catch (error) {
      setDiscarding(null);
      notify(messagesText((error as { body?: unknown }).body) ?? (error as Error).message, { type: 'error' });
    }
  };

  const saveHint = problems.length ? 'STRUCTURE.SaveBlockedProblems' : !changed ? 'STRUCTURE.SaveBlockedUnchanged' : null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="structure-toolbar">
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Tooltip title={saveHint ? translate(saveHint) : ''}>
          <span>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={!canSave} data-testid="save-draft">
              {translate('COMMON.Save')}
            </Button>
          </span>
        </Tooltip>
        <Button variant="outlined" color="inherit" startIcon={<RestartAltIcon />} onClick={() => setDiscarding('ask')} disabled={!canDiscard || discarding !== null} data-testid="discard-draft">
          {translate('STRUCTURE.DiscardDraft')}
        </Button>
        <IfcImportMenu
          rootId={rootId}
          draft={draft}
          rules={data.rules}
          withMaterials={data.withMaterials}
          onImport={draftState.change}
          onError={onIfcError}
          finishLabel={data.finishAction ? translate(`WORKFLOW.Actions.${data.finishAction.action}`, { _: data.finishAction.action }) : undefined}
        />
        {data.finishAction && (
          // Right-aligned, also when it wraps onto a line of its own.
          <Box sx={{ ml: 'auto' }}>
            <FinishStructureButton rootId={rootId} projectTitle={data.title} action={data.finishAction} draft={draft} problems={problems} onServerProblems={onServerProblems} />
          </Box>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 1.5 }}>
        <DraftStatus draftState={draftState} />
        {problems.length > 0 && (
          <Chip size="small" color="error" label={translate('STRUCTURE.ProblemCount', { smart_count: problems.length })} data-testid="problem-count" />
        )}
      </Stack>
      <Confirm
        isOpen={discarding !== null}
        loading={discarding === 'busy'}
        title="STRUCTURE.DiscardTitle"
        content="STRUCTURE.DiscardQuestion"
        confirm="STRUCTURE.DiscardDraft"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={discard}
        onClose={() => setDiscarding(null)}
      />
    </Paper>
  );
}
