import type { Diagnostic } from '@codemirror/lint';
import { Badge, Box, Card, LinearProgress, Tab, Tabs } from '@mui/material';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { SHEET_DOCUMENTS, type EditorProblem, type SheetDocument } from './editorProblems';
import type { JsonEditorHandle } from './JsonEditor';
import { ProblemList, useProblemText } from './ProblemList';
import type { DraftCheck, SheetTexts } from './useDraftCheck';

// CodeMirror is only needed here: it loads with the first editor, not with the portal.
const JsonEditor = lazy(() => import('./JsonEditor'));

interface SheetEditorPanelProps {
  texts: SheetTexts;
  onChange: (document: SheetDocument, text: string) => void;
  readOnly: boolean;
  check: DraftCheck;
  /** Of the whole card; the editor takes what the tabs and the problem list leave. */
  height: string;
}

const TAB_LABELS: Record<SheetDocument, string> = { schema: 'QUESTIONNAIRE_SHEETS.SchemaTab', uiSchema: 'QUESTIONNAIRE_SHEETS.UiSchemaTab' };

/** The two JSON documents of a version in tabs, each with its lint marks, and the list of problems below them. */
export function SheetEditorPanel({ texts, onChange, readOnly, check, height }: SheetEditorPanelProps) {
  const translate = useTranslate();
  const problemText = useProblemText();
  const [tab, setTab] = useState<SheetDocument>('schema');
  const editors = { schema: useRef<JsonEditorHandle>(null), uiSchema: useRef<JsonEditorHandle>(null) };

  const diagnostics = useMemo(() => {
    const byDocument: Record<SheetDocument, Diagnostic[]> = { schema: [], uiSchema: [] };
    for (const problem of check.problems) {
      byDocument[problem.document].push({ from: problem.range.from, to: problem.range.to, severity: 'error', message: problemText(problem) });
    }
    return byDocument;
  }, [check.problems, problemText]);

  const select = (problem: EditorProblem) => {
    setTab(problem.document);
    // The other tab's editor becomes visible first; then its range can be scrolled to.
    window.setTimeout(() => editors[problem.document].current?.reveal(problem.range), 0);
  };

  return (
    <Card sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, height, minHeight: 480 }} data-testid="sheet-editor">
      <Tabs value={tab} onChange={(_, value: SheetDocument) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 44 }}>
        {SHEET_DOCUMENTS.map((document) => {
          const count = check.problems.filter((problem) => problem.document === document).length;
          return (
            <Tab
              key={document}
              value={document}
              sx={{ minHeight: 44, textTransform: 'none' }}
              data-testid={`tab-${document}`}
              label={
                <Badge color="error" badgeContent={count} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
                  {translate(TAB_LABELS[document])}
                </Badge>
              }
            />
          );
        })}
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <Suspense fallback={<LinearProgress />}>
          {SHEET_DOCUMENTS.map((document) => (
            <Box key={document} sx={{ height: '100%', display: tab === document ? 'block' : 'none' }}>
              <JsonEditor
                ref={editors[document]}
                value={texts[document]}
                onChange={(text) => onChange(document, text)}
                readOnly={readOnly}
                diagnostics={diagnostics[document]}
                diagnosticsFor={check.checkedTexts?.[document] ?? null}
                label={translate(TAB_LABELS[document])}
                testId={`json-editor-${document}`}
              />
            </Box>
          ))}
        </Suspense>
      </Box>
      {!readOnly && <ProblemList problems={check.problems} checking={check.checking} checkFailed={check.checkFailed} onSelect={select} />}
    </Card>
  );
}
