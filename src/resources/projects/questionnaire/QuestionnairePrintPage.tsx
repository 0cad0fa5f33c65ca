import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, CssBaseline, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { HttpError, useLocaleState, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { activeSheets, PRINT_CLOSE_DELAY_MS, PRINT_DIALOG_DELAY_MS, sheetDataOf, sheetTitle } from '../../../domain/questionnaire';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { printSections } from './printModel';
import { PrintSheet } from './PrintSheet';
import { useQuestionnaire } from './questionnaireQueries';
import { positiveId } from '../RootPageState';
import { chooseAnswers, compactAnswers, readStoredAnswers } from './questionnaireStorage';
import { formatDateTime } from '../../../domain/format';

/** Opens the print dialog shortly after the page is drawn and closes the window after printing (spec §2: ~300 / ~400 ms). */
function usePrintOnce(ready: boolean, enabled: boolean) {
  useEffect(() => {
    if (!ready || !enabled) return;
    let closeTimer: number | undefined;
    const close = () => {
      closeTimer = window.setTimeout(() => window.close(), PRINT_CLOSE_DELAY_MS);
    };
    window.addEventListener('afterprint', close);
    const printTimer = window.setTimeout(() => window.print(), PRINT_DIALOG_DELAY_MS);
    return () => {
      window.removeEventListener('afterprint', close);
      window.clearTimeout(printTimer);
      window.clearTimeout(closeTimer);
    };
  }, [ready, enabled]);
}

/**
 * print/questionnaire/{rootId} (no shell): every active sheet that holds answers as a clean document titled
 * "number - title" — this browser's unsaved working copy when it builds on the saved version, else the saved answers.
 * `?noprint=1` shows it without opening the print dialog (tests, a second look).
 */
export default function QuestionnairePrintPage() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const rootId = positiveId(useParams().rootId);
  const [search] = useSearchParams();
  const { data, error, isPending } = useQuestionnaire(rootId ?? 0);
  const title = data ? `${data.projectUnitNo} - ${data.title}` : translate('QUESTIONNAIRE.Page.Title');
  useDocumentTitle(title);

  const sheets = useMemo(() => {
    if (!data) return [];
    const { data: answers } = chooseAnswers(data, readStoredAnswers(data.rootProjectUnitID));
    return activeSheets(data.sheets, answers)
      .filter((sheet) => Object.keys(compactAnswers(sheetDataOf(sheet.schema, answers)) as object).length > 0)
      .map((sheet) => ({ name: sheet.name, title: sheetTitle(sheet.schema, language), sections: printSections(sheet.schema, answers, language, translate) }))
      .filter((sheet) => sheet.sections.length > 0);
  }, [data, language, translate]);
  usePrintOnce(!!data, search.get('noprint') !== '1');

  let content;
  if (rootId === null || (error instanceof HttpError && (error.status === 404 || error.status === 401))) content = <Alert severity="warning">{translate('PROJECTUNIT.NotFound')}</Alert>;
  else if (error) content = <Alert severity="error">{translate('QUESTIONNAIRE.Page.LoadFailed')}</Alert>;
  else if (isPending || !data) content = <LinearProgress />;
  else if (!sheets.length) content = <Typography color="text.secondary" data-testid="print-empty">{translate('QUESTIONNAIRE.Print.Empty')}</Typography>;
  else content = sheets.map((sheet) => <PrintSheet key={sheet.name} name={sheet.name} title={sheet.title} sections={sheet.sections} />);

  return (
    <Box sx={{ bgcolor: 'common.white', minHeight: '100vh', '@media print': { minHeight: 0 } }}>
      <CssBaseline />
      <Box sx={{ maxWidth: 860, mx: 'auto', px: { xs: 2, sm: 4 }, py: 4, '@media print': { p: 0, maxWidth: 'none' } }} data-testid="questionnaire-print-page">
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, borderBottom: 2, borderColor: 'text.primary', pb: 1.5, mb: 3 }}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              {translate('QUESTIONNAIRE.Page.Title')}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="print-title">
              {title}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} sx={{ flexShrink: 0, '@media print': { display: 'none' } }}>
            {translate('QUESTIONNAIRE.Page.Print')}
          </Button>
        </Stack>
        {content}
        {data && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
            {translate('QUESTIONNAIRE.Print.Printed', { date: formatDateTime(new Date(), language) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
