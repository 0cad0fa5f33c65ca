import RestartAltIcon from '@mui/icons-material/RestartAlt';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Alert, Box, Button, Card, CardHeader, Chip, FormControlLabel, Switch } from '@mui/material';
import { useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { QuestionnaireAnswers, SheetSchema, SheetVersion } from '../../domain/questionnaire';
import { QuestionnaireSheetForm } from '../../forms/questionnaire/QuestionnaireSheetForm';
import type { SheetDocuments } from './useDraftCheck';

interface SheetPreviewProps {
  /** The last documents without problems; null until the first check has passed. */
  documents: SheetDocuments | null;
  /** The text has problems now: the preview shows an older state. */
  stale: boolean;
  name: string;
  version: number;
  /** Of the whole card, the same as the editor's beside it; the form scrolls inside. */
  height: string;
}

/**
 * The sheet as a project's users will see it, in the configurer's language, with answers that live only here
 * (typing in the preview tries the sheet's rules; nothing is saved).
 */
export function SheetPreview({ documents, stale, name, version, height }: SheetPreviewProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const [answers, setAnswers] = useState<QuestionnaireAnswers>({});
  const [showErrors, setShowErrors] = useState(false);
  const sheet = useMemo<SheetVersion | null>(
    () => (documents ? { name, version, status: 'draft', schema: documents.schema as unknown as SheetSchema, uiSchema: documents.uiSchema } : null),
    [documents, name, version],
  );
  return (
    <Card data-testid="sheet-preview" sx={{ minWidth: 0, height, minHeight: 480, display: 'flex', flexDirection: 'column' }}>
      <CardHeader
        avatar={<VisibilityOutlinedIcon color="primary" />}
        title={translate('QUESTIONNAIRE_SHEETS.Preview')}
        subheader={translate('QUESTIONNAIRE_SHEETS.PreviewHint')}
        slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 600 } } }}
        action={<Chip size="small" variant="outlined" label={translate(`LANGUAGES.${language}`, { _: language })} sx={{ mt: 1, mr: 1 }} />}
        sx={{ pb: 1 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={<Switch size="small" checked={showErrors} onChange={(event) => setShowErrors(event.target.checked)} data-testid="preview-show-errors" />}
          label={translate('QUESTIONNAIRE_SHEETS.ShowChecks')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <Button size="small" startIcon={<RestartAltIcon />} onClick={() => setAnswers({})} data-testid="reset-sample-answers">
          {translate('QUESTIONNAIRE_SHEETS.ResetAnswers')}
        </Button>
      </Box>
      {stale && documents && (
        <Alert severity="warning" variant="outlined" sx={{ m: 2, mb: 0 }} data-testid="preview-stale">
          {translate('QUESTIONNAIRE_SHEETS.PreviewStale')}
        </Alert>
      )}
      <Box sx={{ p: 2, flex: 1, minHeight: 0, overflow: 'auto' }}>
        {!sheet ? (
          <Alert severity="info">{translate('QUESTIONNAIRE_SHEETS.PreviewWaiting')}</Alert>
        ) : (
          <QuestionnaireSheetForm sheet={sheet} answers={answers} onChange={setAnswers} language={language} showErrors={showErrors} />
        )}
      </Box>
    </Card>
  );
}
