import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown to everyone the journal is not for (customers, projects without HasJournal, invisible projects). */
export function JournalNotAvailable() {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="journal-not-available" sx={{ mt: 1 }}>
      <AlertTitle>{translate('JOURNAL.NotAvailableTitle')}</AlertTitle>
      {translate('JOURNAL.NotAvailable')}
    </Alert>
  );
}
