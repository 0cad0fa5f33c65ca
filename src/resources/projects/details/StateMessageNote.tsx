import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UnitPageContext } from './projectQueries';
import { formatDateTime } from '../../../domain/format';

/** The message that came with the transition into this state, for whoever acts on it (not only in the journal). */
export function StateMessageNote({ message, locale }: { message: NonNullable<UnitPageContext['workflow']['message']>; locale: string }) {
  const translate = useTranslate();
  const date = formatDateTime(message.createdAt, locale);
  return (
    <Alert severity="info" icon={<ChatBubbleOutlineIcon fontSize="inherit" />} sx={{ mb: 2 }} data-testid="state-message">
      <AlertTitle>{translate('WORKFLOW.StateMessage', { author: message.author || translate('WORKFLOW.System'), date })}</AlertTitle>
      <Box sx={{ whiteSpace: 'pre-wrap' }}>{message.text}</Box>
    </Alert>
  );
}
