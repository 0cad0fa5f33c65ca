import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import { Button, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRedirect, useTranslate } from 'react-admin';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { PublishDialog } from './PublishDialog';
import type { SheetRecord } from './sheets';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

interface DraftActionsProps {
  record: SheetRecord;
  dirty: boolean;
  problemCount: number;
  checking: boolean;
  saving: boolean;
  onSave: () => void;
  /** After publishing: the page reads the version again (now published, read-only). */
  onPublished: () => void;
}

/** The hint under a disabled button: why it cannot be used now. */
function blockedHint(dirty: boolean, problemCount: number, checking: boolean, action: 'save' | 'publish'): string | null {
  if (problemCount > 0) return 'QUESTIONNAIRE_SHEETS.BlockedProblems';
  if (checking) return 'QUESTIONNAIRE_SHEETS.BlockedChecking';
  if (action === 'save' && !dirty) return 'QUESTIONNAIRE_SHEETS.BlockedUnchanged';
  if (action === 'publish' && dirty) return 'QUESTIONNAIRE_SHEETS.BlockedUnsaved';
  return null;
}

/** Save, publish (after a confirmation: published versions are final) and delete of a draft. */
export function DraftActions({ record, dirty, problemCount, checking, saving, onSave, onPublished }: DraftActionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = usePortalDataProvider();
  const [confirming, setConfirming] = useState<'publish' | 'delete' | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [deleteOne, { isPending: deleting }] = useDelete();
  const versionArgs = { name: record.name, version: record.version };
  const saveHint = blockedHint(dirty, problemCount, checking, 'save');
  const publishHint = blockedHint(dirty, problemCount, checking, 'publish');

  const publish = async (together: number[]) => {
    setPublishing(true);
    try {
      await dataProvider.publishSheet<SheetRecord>(record.id, together);
      setConfirming(null);
      notify('QUESTIONNAIRE_SHEETS.Published', { type: 'success', messageArgs: { name: record.name, version: record.version } });
      onPublished();
    } catch (error) {
      setConfirming(null);
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPublishing(false);
    }
  };

  const remove = () =>
    deleteOne(
      QUESTIONNAIRE_SHEETS_RESOURCE,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('QUESTIONNAIRE_SHEETS.Deleted', { type: 'info', messageArgs: { name: record.name, version: record.version } });
          redirect('list', QUESTIONNAIRE_SHEETS_RESOURCE);
        },
        onError: (error) => {
          setConfirming(null);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming('delete')} disabled={deleting} data-testid="delete-draft">
        {translate('QUESTIONNAIRE_SHEETS.DeleteDraft')}
      </Button>
      <Tooltip title={saveHint ? translate(saveHint) : ''}>
        <span>
          <Button variant="outlined" startIcon={<SaveIcon />} onClick={onSave} disabled={!!saveHint || saving} data-testid="save-sheet">
            {translate('QUESTIONNAIRE_SHEETS.SaveDraft')}
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={publishHint ? translate(publishHint) : ''}>
        <span>
          <Button variant="contained" startIcon={<PublishIcon />} onClick={() => setConfirming('publish')} disabled={!!publishHint || saving} data-testid="publish-sheet">
            {translate('QUESTIONNAIRE_SHEETS.Publish')}
          </Button>
        </span>
      </Tooltip>
      <PublishDialog record={record} open={confirming === 'publish'} publishing={publishing} onClose={() => setConfirming(null)} onPublish={publish} />
      <Confirm
        isOpen={confirming === 'delete'}
        loading={deleting}
        title="QUESTIONNAIRE_SHEETS.DeleteTitle"
        content="QUESTIONNAIRE_SHEETS.DeleteQuestion"
        titleTranslateOptions={versionArgs}
        contentTranslateOptions={versionArgs}
        confirm="QUESTIONNAIRE_SHEETS.DeleteDraft"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
