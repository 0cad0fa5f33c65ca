import { Alert, AlertTitle, Box, Grid, LinearProgress, Tab, Tabs, ToggleButton, ToggleButtonGroup, useMediaQuery, type Theme } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Title, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { DraftActions } from './DraftActions';
import type { SheetDocument } from './editorProblems';
import { prettyJson } from './jsonText';
import { NewVersionButton } from './NewVersionButton';
import { SheetAccess } from './SheetAccess';
import { SheetEditorPanel } from './SheetEditorPanel';
import { versionLabel } from './SheetFields';
import { SheetHeader } from './SheetHeader';
import { SheetPreview } from './SheetPreview';
import type { SheetRecord } from './sheets';
import { useDraftCheck, type SheetTexts } from './useDraftCheck';
import type { BuilderDocuments, CompanionDraft } from './builder/SheetBuilder';
import { parseJsonText } from './jsonText';
import type { TestAnswerSet } from '../../domain/questionnaire';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

// The visual builder (dnd-kit, the property panel) loads with the first draft opened, as a chunk of its own.
const SheetBuilder = lazy(() => import('./builder/SheetBuilder'));

const textsOf = (record: SheetRecord): SheetTexts => ({ schema: prettyJson(record.schema), uiSchema: prettyJson(record.uiSchema) });

/** Asks before the tab is closed while the draft has unsaved changes. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The editor of one version: JSON documents on the left, the live preview on the right (tabs on narrow screens). */
function SheetEditor({ record, onReload }: { record: SheetRecord; onReload: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [pane, setPane] = useState<'editor' | 'preview'>('editor');
  const [texts, setTexts] = useState<SheetTexts>(() => textsOf(record));
  const [savedTexts, setSavedTexts] = useState<SheetTexts>(texts);
  const readOnly = record.status === 'published';
  const [companions, setCompanions] = useState<CompanionDraft[]>([]);
  const check = useDraftCheck(texts, { name: record.name, version: record.version }, !readOnly, companions);
  const [update, { isPending: saving }] = useUpdate<SheetRecord>();
  const [view, setView] = useState<'builder' | 'json'>(readOnly ? 'json' : 'builder');
  const [savedRevision, setSavedRevision] = useState(0);
  const [testAnswers, setTestAnswers] = useState<TestAnswerSet[]>(() => record.testAnswers ?? []);
  const [savedTestAnswers, setSavedTestAnswers] = useState(testAnswers);
  const dirty = texts.schema !== savedTexts.schema || texts.uiSchema !== savedTexts.uiSchema || companions.length > 0 || testAnswers !== savedTestAnswers;
  useLeaveWarning(dirty && !readOnly);

  const [jsonRevision, setJsonRevision] = useState(0);
  const change = (document: SheetDocument, text: string) => {
    setTexts((previous) => ({ ...previous, [document]: text }));
    setJsonRevision((revision) => revision + 1);
  };
  // The builder's documents, when both texts parse (the JSON view may hold a half-typed edit). Texts the builder wrote
  // are not parsed again: the builder handed over their documents (parsing 70 kB per keystroke costs a frame).
  const fromBuilder = useRef<{ texts: SheetTexts; documents: BuilderDocuments } | null>(null);
  const documents = useMemo<BuilderDocuments | null>(() => {
    const handed = fromBuilder.current;
    if (handed && handed.texts.schema === texts.schema && handed.texts.uiSchema === texts.uiSchema) return handed.documents;
    const schema = parseJsonText(texts.schema).value;
    const uiSchema = parseJsonText(texts.uiSchema).value;
    const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
    return isObject(schema) && isObject(uiSchema) ? { schema, uiSchema } : null;
  }, [texts.schema, texts.uiSchema]);
  const builderChange = useCallback((next: BuilderDocuments, nextCompanions: CompanionDraft[]) => {
    const nextTexts = { schema: prettyJson(next.schema), uiSchema: prettyJson(next.uiSchema) };
    fromBuilder.current = { texts: nextTexts, documents: next };
    setTexts(nextTexts);
    setCompanions((previous) => (previous.length === 0 && nextCompanions.length === 0 ? previous : nextCompanions));
  }, []);
  const save = () => {
    const sent = texts;
    const sentSets = testAnswers;
    update(
      QUESTIONNAIRE_SHEETS_RESOURCE,
      { id: record.id, data: { schema: JSON.parse(sent.schema), uiSchema: JSON.parse(sent.uiSchema), testAnswers: sentSets, ...(companions.length ? { companions } : {}) } },
      {
        onSuccess: () => {
          setSavedTexts(sent);
          setSavedTestAnswers(sentSets);
          // Keep the same empty list: a new one would start a needless check (and disable Publish meanwhile).
          setCompanions((previous) => (previous.length === 0 ? previous : []));
          setSavedRevision((revision) => revision + 1);
          notify('QUESTIONNAIRE_SHEETS.Saved', { type: 'success', messageArgs: { name: record.name, version: record.version } });
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };

  const actions = readOnly ? (
    record.latest && <NewVersionButton name={record.name} variant="contained" />
  ) : (
    <DraftActions record={record} dirty={dirty} problemCount={check.problems.length} checking={check.checking} saving={saving} onSave={save} onPublished={onReload} />
  );

  // Editor and preview side by side fill the window below the header; on narrow screens each takes most of it.
  const height = wide ? 'calc(100vh - 250px)' : '75vh';
  const editor = <SheetEditorPanel texts={texts} onChange={change} readOnly={readOnly} check={check} height={height} />;
  const preview = <SheetPreview documents={check.lastValid} stale={check.problems.length > 0} name={record.name} version={record.version} height={height} />;
  const viewSwitch = !readOnly && (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, value: 'builder' | 'json' | null) => value && setView(value)} sx={{ mb: 2 }} aria-label={translate('SHEET_BUILDER.View')}>
      <ToggleButton value="builder" data-testid="view-builder">
        {translate('SHEET_BUILDER.Builder')}
      </ToggleButton>
      <ToggleButton value="json" data-testid="view-json">
        {translate('SHEET_BUILDER.Advanced')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
  // The builder stays mounted while the JSON view is open (hidden), so that its undo history covers both views.
  const builder = !readOnly && (
    <Box sx={{ display: view === 'builder' ? 'block' : 'none' }}>
      <Suspense fallback={<LinearProgress />}>
        <SheetBuilder record={record} documents={documents} jsonRevision={jsonRevision} onChange={builderChange} serverProblems={check.problems} savedRevision={savedRevision} testAnswers={testAnswers} onTestAnswers={setTestAnswers} />
      </Suspense>
    </Box>
  );
  if (view === 'builder' && !readOnly) {
    return (
      <>
        <SheetHeader record={record} actions={actions} />
        {viewSwitch}
        {builder}
      </>
    );
  }
  return (
    <>
      <SheetHeader record={record} actions={actions} />
      {viewSwitch}
      {builder}
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="published-note">
          <AlertTitle>{translate('QUESTIONNAIRE_SHEETS.PublishedNoteTitle')}</AlertTitle>
          {translate(record.latest ? 'QUESTIONNAIRE_SHEETS.PublishedNoteLatest' : 'QUESTIONNAIRE_SHEETS.PublishedNote')}
        </Alert>
      )}
      {wide ? (
        <Grid container spacing={2}>
          <Grid size={{ md: 6 }} sx={{ minWidth: 0 }}>
            {editor}
          </Grid>
          <Grid size={{ md: 6 }} sx={{ minWidth: 0 }}>
            {preview}
          </Grid>
        </Grid>
      ) : (
        <>
          <Tabs value={pane} onChange={(_, value: 'editor' | 'preview') => setPane(value)} sx={{ mb: 1 }}>
            <Tab value="editor" label={translate('QUESTIONNAIRE_SHEETS.EditorPane')} />
            <Tab value="preview" label={translate('QUESTIONNAIRE_SHEETS.PreviewPane')} data-testid="preview-pane-tab" />
          </Tabs>
          {/* Both stay mounted, so the editor keeps its undo history while the preview is looked at. */}
          <Box sx={{ display: pane === 'editor' ? 'block' : 'none' }}>{editor}</Box>
          <Box sx={{ display: pane === 'preview' ? 'block' : 'none' }}>{preview}</Box>
        </>
      )}
    </>
  );
}

/** home/app/questionnaire-sheets/{id}: a draft to edit, or a published version to read. Configurers only. */
export default function SheetEditPage() {
  return (
    <SheetAccess action="edit">
      <SheetVersionPage />
    </SheetAccess>
  );
}

function SheetVersionPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const validId = /^[1-9]\d{0,9}$/.test(id ?? '');
  // Opened from the list, react-admin first answers with the list's row (the list fills the record cache): it has no
  // documents, and the editor keeps the texts it starts with. So the editor waits for the version itself.
  const { data: record, error, isPending, isPlaceholderData, refetch } = useGetOne<SheetRecord>(QUESTIONNAIRE_SHEETS_RESOURCE, { id: Number(id) }, { enabled: validId, retry: false });
  const heading = record ? `${record.name} ${versionLabel(record.version)}` : translate('QUESTIONNAIRE_SHEETS.Title');
  useDocumentTitle(heading);
  return (
    <Box sx={{ mt: 1, mb: 3 }}>
      <Title title={heading} />
      {error || !validId ? (
        <Alert severity="error" data-testid="sheet-load-error">
          {translate('QUESTIONNAIRE_SHEETS.LoadFailed')}
        </Alert>
      ) : isPending || isPlaceholderData || !record || record.schema === undefined ? (
        <LinearProgress />
      ) : (
        <SheetEditor key={record.id} record={record} onReload={() => refetch()} />
      )}
    </Box>
  );
}
