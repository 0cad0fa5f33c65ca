import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import { Button } from '@mui/material';
import type { MouseEvent } from 'react';
import { useCreate, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { SheetRecord } from './sheets';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

/**
 * Creates the next version of a sheet as a draft copied from its latest version and opens it. Offered on the
 * latest version when that is published (a sheet has at most one draft; the server refuses a second with 409).
 */
export function NewVersionButton({ name, variant = 'text' }: { name: string; variant?: 'text' | 'contained' | 'outlined' }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [create, { isPending }] = useCreate<SheetRecord>();
  const onClick = (event: MouseEvent) => {
    // Inside a list row: the row's own click would open the published version instead.
    event.stopPropagation();
    create(
      QUESTIONNAIRE_SHEETS_RESOURCE,
      { data: { name } },
      {
        onSuccess: (draft) => {
          notify('QUESTIONNAIRE_SHEETS.DraftCreated', { type: 'success', messageArgs: { name, version: draft.version } });
          redirect('edit', QUESTIONNAIRE_SHEETS_RESOURCE, draft.id);
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <Button size="small" variant={variant} startIcon={<AddCircleOutlineIcon />} onClick={onClick} disabled={isPending} data-testid="new-version">
      {translate('QUESTIONNAIRE_SHEETS.NewVersion')}
    </Button>
  );
}
