import { Box, Card, Tab, Tabs, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Stack } from '@mui/material';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { activeSheets, resetDisabled, sheetTitle, type QuestionnaireAnswers, type SheetSchema, type SheetUiSchema, type SheetVersion, type TestAnswerSet } from '../../../domain/questionnaire';
import { QuestionnaireSheetForm } from '../../../forms/questionnaire/QuestionnaireSheetForm';
import type { SheetRecord } from '../sheets';
import { LANGUAGES } from './PropertyPanel';
import { TestAnswerBar } from './TestAnswerSets';


/** A part of the draft rendered as a form of its own: one top-level section (or one top-level control). */
interface SheetPart {
  key: string;
  sheet: SheetVersion;
}

/**
 * The draft split into one sheet per top-level property, each the same object while its part is unchanged: an edit
 * renders again only the form of its section (rjsf renders every control of a form again when its schema changes,
 * 170 ms on the largest sheet; a section takes a few ms). Each part keeps the sheet's identity and the root's other
 * keywords, so its form is the real sheet form for that section; the answers stay one object for all of them.
 */
function useSheetParts(draft: SheetVersion): SheetPart[] {
  const cache = useRef(new Map<string, { text: string; part: SheetPart }>());
  return useMemo(() => {
    const { properties = {}, required, ...root } = draft.schema as SheetSchema & { required?: string[] };
    const { 'ui:order': order, ...uiRoot } = (draft.uiSchema ?? {}) as Record<string, unknown>;
    const keys = Object.keys(properties);
    const ordered = Array.isArray(order) ? [...(order as string[]).filter((key) => keys.includes(key)), ...keys.filter((key) => !(order as string[]).includes(key))] : keys;
    const rootText = JSON.stringify(root);
    const next = new Map<string, { text: string; part: SheetPart }>();
    const parts = ordered.map((key) => {
      const ownUi = Object.fromEntries(Object.entries(uiRoot).filter(([name]) => name.startsWith('ui:') || name === key));
      const text = `${rootText}\u0000${JSON.stringify(properties[key])}\u0000${JSON.stringify(ownUi)}\u0000${required?.includes(key) ?? false}`;
      const known = cache.current.get(key);
      const part =
        known && known.text === text
          ? known.part
          : {
              key,
              sheet: { ...draft, schema: { ...root, properties: { [key]: properties[key] }, ...(required?.includes(key) ? { required: [key] } : {}) } as SheetSchema, uiSchema: ownUi as SheetUiSchema },
            };
      next.set(key, { text, part });
      return part;
    });
    cache.current = next;
    return parts;
  }, [draft]);
}

/**
 * The draft as the customer will see it, with the real sheet form, in each language, together with the other sheets
 * of its set (answers shared, so conditions across sheets work). Answers live here only. Memoized: it follows the
 * builder's settled documents (a render after the keystroke), not every render of the builder.
 */
export const BuilderPreview = memo(function BuilderPreview({
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
  const parts = useSheetParts(sheets[0]);
  // A section's form resets what it disables in its own part; the whole draft's rule runs over the answers it reports.
  const draftRef = useRef(sheets[0]);
  draftRef.current = sheets[0];
  const partChange = useCallback((next: QuestionnaireAnswers) => setAnswers(resetDisabled(draftRef.current, next)), []);
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
      {current.name === record.name ? (
        <Stack spacing={2}>
          {parts.map((part) => (
            <QuestionnaireSheetForm key={`${part.key}:${loaded}`} sheet={part.sheet} answers={answers} onChange={partChange} language={language} />
          ))}
        </Stack>
      ) : (
        <QuestionnaireSheetForm key={`${current.name}:${loaded}`} sheet={current} answers={answers} onChange={setAnswers} language={language} />
      )}
    </Card>
  );
});
