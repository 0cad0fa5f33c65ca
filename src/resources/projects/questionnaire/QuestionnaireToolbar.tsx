import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Chip, Paper, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/format';

interface QuestionnaireToolbarProps {
  editable: boolean;
  changed: boolean;
  saving: boolean;
  updatedAt: string | null;
  onSave: () => void;
  onDiscard: () => void;
  onPrint: () => void;
}

/** Where the answers stand: changed in this browser, saved on the server (when), or not saved yet. */
function SaveStatus({ changed, updatedAt }: Pick<QuestionnaireToolbarProps, 'changed' | 'updatedAt'>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (changed) return <Chip size="small" color="warning" variant="outlined" label={translate('QUESTIONNAIRE.Page.Status.Unsaved')} data-testid="questionnaire-status" />;
  if (updatedAt) {
    const when = formatDateTime(updatedAt, locale);
    return <Chip size="small" icon={<CloudDoneOutlinedIcon />} variant="outlined" label={translate('QUESTIONNAIRE.Page.Status.Saved', { date: when })} data-testid="questionnaire-status" />;
  }
  return <Chip size="small" variant="outlined" label={translate('QUESTIONNAIRE.Page.Status.New')} data-testid="questionnaire-status" />;
}

/** Save, discard and print, with the answers' status; read-only pages only print. */
export function QuestionnaireToolbar({ editable, changed, saving, updatedAt, onSave, onDiscard, onPrint }: QuestionnaireToolbarProps) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1 }} data-testid="questionnaire-toolbar">
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {editable && (
          <>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={saving || !changed} data-testid="questionnaire-save">
              {translate('COMMON.Save')}
            </Button>
            <Button variant="outlined" color="inherit" startIcon={<RestartAltIcon />} onClick={onDiscard} disabled={saving || !changed} data-testid="questionnaire-discard">
              {translate('QUESTIONNAIRE.Page.Discard')}
            </Button>
          </>
        )}
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={onPrint} data-testid="questionnaire-print">
          {translate('QUESTIONNAIRE.Page.Print')}
        </Button>
        <Box sx={{ ml: 'auto' }}>{editable && <SaveStatus changed={changed} updatedAt={updatedAt} />}</Box>
      </Stack>
    </Paper>
  );
}
