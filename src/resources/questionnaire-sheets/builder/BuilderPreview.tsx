import { Box, Card, Tab, Tabs, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { activeSheets, sheetTitle, type QuestionnaireAnswers, type SheetSchema, type SheetUiSchema, type SheetVersion, type TestAnswerSet } from '../../../domain/questionnaire';
import { QuestionnaireSheetForm } from '../../../forms/questionnaire/QuestionnaireSheetForm';
import type { SheetRecord } from '../sheets';
import { LANGUAGES } from './PropertyPanel';
import { TestAnswerBar } from './TestAnswerSets';

/**
 * The draft as the customer will see it, with the real sheet form, in each language, together with the other sheets
 * of its set (answers shared, so conditions across sheets work). Answers live here only.
 */
export function BuilderPreview({
  record,
  schema,
  uiSchema,
  set,
  testAnswers,
  onTestAnswers,
}: {
  record: SheetRecord;
  schema: SheetSchema;
  uiSchema: SheetUiSchema;
  set: { name: string; version: number; schema: SheetSchema; uiSchema: SheetUiSchema }[];
  testAnswers: readonly TestAnswerSet[];
  onTestAnswers: (sets: TestAnswerSet[]) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [language, setLanguage] = useState(locale);
  const [answers, setAnswers] = useState<QuestionnaireAnswers>({});
  // A loaded set replaces the form's answers: the form is mounted again with them.
  const [loaded, setLoaded] = useState(0);
  const [tab, setTab] = useState(record.name);
  const sheets = useMemo<SheetVersion[]>(
    () => [{ name: record.name, version: record.version, status: 'draft', schema, uiSchema }, ...set.map((sheet) => ({ name: sheet.name, version: sheet.version, status: 'draft' as const, schema: sheet.schema, uiSchema: sheet.uiSchema }))],
    [record.name, record.version, schema, uiSchema, set],
  );
  // The draft itself is always previewed, also while the answers do not (yet) activate it (a material sheet).
  const active = activeSheets(sheets, answers);
  const shown = active.some((sheet) => sheet.name === record.name) ? active : [sheets[0], ...active];
  const current = shown.find((sheet) => sheet.name === tab) ?? shown[0] ?? sheets[0];
  return (
    <Card variant="outlined" sx={{ p: { xs: 1, md: 2 } }} data-testid="builder-preview">
      <TestAnswerBar
        sets={testAnswers}
        answers={answers}
        onLoad={(next) => {
          setAnswers(next);
          setLoaded((count) => count + 1);
        }}
        onChange={onTestAnswers}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Tabs value={current.name} onChange={(_, value: string) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ minWidth: 0 }}>
          {shown.map((sheet) => (
            <Tab key={sheet.name} value={sheet.name} label={sheetTitle(sheet.schema, language)} data-testid={`preview-sheet-${sheet.name}`} />
          ))}
        </Tabs>
        <ToggleButtonGroup size="small" exclusive value={language} onChange={(_, value: string | null) => value && setLanguage(value)} aria-label={translate('SHEET_BUILDER.PreviewLanguage')}>
          {LANGUAGES.map((code) => (
            <ToggleButton key={code} value={code} data-testid={`preview-language-${code}`}>
              {code.toUpperCase()}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <QuestionnaireSheetForm key={`${current.name}:${loaded}`} sheet={current} answers={answers} onChange={setAnswers} language={language} />
    </Card>
  );
}
