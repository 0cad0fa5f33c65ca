import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The leave guard's question: unsaved changes (kept in this browser) or required fields still missing. */
export function LeaveQuestionnaireDialog({ reason, onStay, onLeave }: { reason: 'unsaved' | 'invalid'; onStay: () => void; onLeave: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onStay} maxWidth="xs" fullWidth aria-labelledby="leave-questionnaire-title" data-testid="leave-dialog">
      <DialogTitle id="leave-questionnaire-title">{translate('QUESTIONNAIRE.Page.LeaveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(reason === 'unsaved' ? 'QUESTIONNAIRE.Page.LeaveUnsaved' : 'QUESTIONNAIRE.Page.LeaveInvalid')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="warning" data-testid="leave-confirm">
          {translate('QUESTIONNAIRE.Page.Leave')}
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          {translate('QUESTIONNAIRE.Page.Stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The CCL tenant's question when a sheet with empty mandatory fields is left (spec §5): `next` when moving to another
 * sheet (No / Next), `final` when saving (No / Save and Close); only the confirmation goes on.
 */
export function MandatoryFieldsLeftDialog({ kind, busy = false, onNo, onConfirm }: { kind: 'next' | 'final'; busy?: boolean; onNo: () => void; onConfirm: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={busy ? undefined : onNo} maxWidth="xs" fullWidth aria-labelledby="mandatory-fields-title" data-testid="mandatory-fields-dialog">
      <DialogTitle id="mandatory-fields-title">{translate('MandatoryFieldsLeftDialog.Title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(kind === 'next' ? 'MandatoryFieldsLeftDialog.NextMessage' : 'MandatoryFieldsLeftDialog.FinalMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={busy}>
          {translate('MandatoryFieldsLeftDialog.No')}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={busy} autoFocus data-testid="mandatory-fields-confirm">
          {translate(kind === 'next' ? 'MandatoryFieldsLeftDialog.Next' : 'MandatoryFieldsLeftDialog.SaveAndClose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
