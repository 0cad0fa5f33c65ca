import AddIcon from '@mui/icons-material/Add';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, ButtonGroup, Card, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { sheetDefinitionProblems, sheetSetProblems, walkControls, whereUsed, type SetSheet, type SheetSchema, type SheetUiSchema, type TestAnswerSet } from '../../../domain/questionnaire';
import {
  addControl,
  addSection,
  CONTROL_TOOLS,
  deleteItem,
  duplicateItem,
  findItem,
  isRefused,
  itemPath,
  modelControls,
  modelItems,
  moveItem,
  renameItem,
  sheetModel,
  updateNode,
  updateUi,
  writeSheet,
  type ControlTool,
  type SheetModel,
} from '../../../domain/questionnaire/builder';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import type { SheetRecord } from '../sheets';
import { BuilderCanvas, textIn } from './BuilderCanvas';
import { BuilderPreview } from './BuilderPreview';
import { BuilderProblems, type BuilderProblem } from './BuilderProblems';
import type { PickableControl } from './ConditionEditor';
import { DeleteRefusedDialog } from './DeleteRefusedDialog';
import { PropertyPanel, typingField } from './PropertyPanel';
import { TestAnswerChecks } from './TestAnswerSets';
import { TranslationsGrid } from './TranslationsGrid';
import { useBuilderHistory, type BuilderSnapshot } from './useBuilderHistory';
import { WhereUsed } from './WhereUsed';


/** A companion draft the save sends: another sheet whose conditions followed this draft. */
export interface CompanionDraft {
  name: string;
  schema: SheetSchema;
  baseId: number;
  baseUpdatedAt: string;
}

export interface BuilderDocuments {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

interface SheetBuilderProps {
  record: SheetRecord;
  /** The documents as the page holds them (the JSON view may have changed them). */
  documents: BuilderDocuments | null;
  /** Raised by each edit in the JSON view: the builder then takes the documents as a step of its own (undoable). */
  jsonRevision: number;
  onChange: (documents: BuilderDocuments, companions: CompanionDraft[]) => void;
  /** The server's meta-schema problems of the current documents (pointer, key, params). */
  serverProblems: { pointer: string | null; key: string; params: Record<string, unknown>; document: string }[];
  /** Raised after each save: the set is read again (companion drafts were written). */
  savedRevision: number;
  /** The draft's test answer sets as the page holds them (saved with the draft). */
  testAnswers: TestAnswerSet[];
  onTestAnswers: (sets: TestAnswerSet[]) => void;
}

/** The toolbox: a new section, or a control of every kind of the meta-schema into the selected item's section. */
const Toolbox = memo(function Toolbox({ onSection, onTool }: { onSection: () => void; onTool: (tool: ControlTool) => void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ p: 1, mb: 2 }} data-testid="builder-toolbox" component="nav" aria-label={translate('SHEET_BUILDER.Toolbox')}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ px: 1 }}>
          {translate('SHEET_BUILDER.Toolbox')}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={onSection} data-testid="tool-section">
          {translate('SHEET_BUILDER.NewSection')}
        </Button>
        {CONTROL_TOOLS.map((tool) => (
          <Button key={tool} size="small" startIcon={<AddIcon />} onClick={() => onTool(tool)} data-testid={`tool-${tool}`}>
            {translate(`SHEET_BUILDER.Tool.${tool}`)}
          </Button>
        ))}
      </Stack>
    </Card>
  );
});

type BuilderPane = 'build' | 'preview' | 'translations';

/** Undo, redo and the builder's panes; memoized (a keystroke does not render it unless undo becomes possible). */
const BuilderToolbar = memo(function BuilderToolbar({ pane, onPane, canUndo, canRedo, onUndo, onRedo, companionNames }: { pane: BuilderPane; onPane: (pane: BuilderPane) => void; canUndo: boolean; canRedo: boolean; onUndo: () => void; onRedo: () => void; companionNames: string }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      <ButtonGroup size="small" variant="outlined">
        <Tooltip title={translate('SHEET_BUILDER.Undo')}>
          <span>
            <Button onClick={onUndo} disabled={!canUndo} aria-label={translate('SHEET_BUILDER.Undo')} data-testid="builder-undo">
              <UndoIcon fontSize="small" />
            </Button>
          </span>
        </Tooltip>
        <Tooltip title={translate('SHEET_BUILDER.Redo')}>
          <span>
            <Button onClick={onRedo} disabled={!canRedo} aria-label={translate('SHEET_BUILDER.Redo')} data-testid="builder-redo">
              <RedoIcon fontSize="small" />
            </Button>
          </span>
        </Tooltip>
      </ButtonGroup>
      <Tabs value={pane} onChange={(_, value: BuilderPane) => onPane(value)} sx={{ minHeight: 36 }}>
        <Tab value="build" label={translate('SHEET_BUILDER.Build')} sx={{ minHeight: 36 }} data-testid="builder-tab-build" />
        <Tab value="preview" label={translate('SHEET_BUILDER.Preview')} sx={{ minHeight: 36 }} data-testid="builder-tab-preview" />
        <Tab value="translations" label={translate('SHEET_BUILDER.Translations.Tab')} sx={{ minHeight: 36 }} data-testid="builder-tab-translations" />
      </Tabs>
      {companionNames && (
        <Typography variant="body2" color="text.secondary" data-testid="builder-companions">
          {translate('SHEET_BUILDER.CompanionsNote', { names: companionNames })}
        </Typography>
      )}
    </Stack>
  );
});

/** The item a schema pointer (`/properties/a/properties/b/…`) belongs to, by its path of keys. */
function itemOfPointer(model: SheetModel, segments: string[]): string | undefined {
  const keys: string[] = [];
  for (let index = 0; index + 1 < segments.length && segments[index] === 'properties'; index += 2) keys.push(segments[index + 1]);
  while (keys.length) {
    const found = modelItems(model).find((entry) => entry.path.join('.') === keys.join('.'));
    if (found) return found.item.id;
    keys.pop();
  }
  return undefined;
}

const decode = (pointer: string) => pointer.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));

/**
 * The visual builder of a draft sheet version (issue #34): toolbox, canvas, property panel, live checks, undo/redo
 * and a preview with the other sheets of its set. It writes the same documents the JSON view shows.
 */
export default function SheetBuilder({ record, documents, jsonRevision, onChange, serverProblems, savedRevision, testAnswers, onTestAnswers }: SheetBuilderProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = usePortalDataProvider();
  const [set, setSet] = useState<SetSheet[]>([]);
  const [pane, setPane] = useState<BuilderPane>('build');
  const [selected, setSelected] = useState<string | null>(null);
  const [refusedDelete, setRefusedDelete] = useState<{ id: string; dependents: ReturnType<typeof whereUsed> } | null>(null);
  const history = useBuilderHistory(() => ({ model: sheetModel((documents?.schema ?? record.schema) as unknown as SheetSchema, (documents?.uiSchema ?? record.uiSchema) as SheetUiSchema), others: {} }));
  const { model, others: changedOthers } = history.present;
  // The documents last handed to the page; and whether the next documents are a step taken from the JSON view: those
  // are not handed back (the builder writes keys in its own order, and the text being typed there must stay as typed
  // — handing it back reordered it, and a save in between stored one text while the page held another).
  const emitted = useRef<ReturnType<typeof writeSheet> | null>(null);
  const fromJsonView = useRef(false);

  useEffect(() => {
    let live = true;
    dataProvider
      .sheetSet(record.id)
      .then((answer) => live && setSet(answer.sheets))
      .catch((error: Error) => notify(error.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [record.id, savedRevision, dataProvider, notify]);

  // After a save the companions are drafts of their own: the set read again holds them.
  useEffect(() => {
    if (savedRevision) history.apply((present) => (Object.keys(present.others).length ? { ...present, others: {} } : null));
  }, [savedRevision, history.apply]);

  // What follows an edit a moment later (a deferred render, so that the keystroke paints first): the documents the
  // page saves and checks, the live checks, the pickers and "where used".
  const settled = useDeferredValue(model);
  const written = useMemo(() => writeSheet(settled), [settled]);
  const others = useMemo(() => set.map((sheet) => changedOthers[sheet.name] ?? sheet.schema), [set, changedOthers]);

  // The checks, the pickers and "where used" follow one render later still (a transition after the settled render
  // commits): the settled render is the one that shows the edit in the preview, and should do no more than that.
  const [checked, setChecked] = useState({ settled, written });
  useEffect(() => {
    startTransition(() => setChecked((previous) => (previous.written === written ? previous : { settled, written })));
  }, [settled, written]);

  // Every builder step goes to the page (the JSON view and the save); a change made in the JSON view comes back as a step.
  useEffect(() => {
    if (written === emitted.current) return;
    const first = emitted.current === null;
    emitted.current = written;
    // The first documents are the page's own, read when the builder mounted (it is lazy: by the time it has loaded and
    // rendered, the configurer may be typing in the JSON view, and handing them back would undo that typing).
    if (first) return;
    if (fromJsonView.current) {
      fromJsonView.current = false;
      return;
    }
    const companions = set.flatMap((sheet) => (changedOthers[sheet.name] ? [{ name: sheet.name, schema: changedOthers[sheet.name], baseId: sheet.id, baseUpdatedAt: sheet.updatedAt }] : []));
    // The page (its JSON texts, the save, the server's check) follows in a transition: the keystroke paints first.
    startTransition(() => onChange({ schema: written.schema as unknown as Record<string, unknown>, uiSchema: written.uiSchema }, companions));
  }, [written, changedOthers, set, onChange]);
  // Only an edit made in the JSON view comes back as a step: the page's documents also follow the builder's own
  // steps, a render later, and taking those back would undo a quick second edit.
  const latestDocuments = useRef(documents);
  latestDocuments.current = documents;
  useEffect(() => {
    const next = latestDocuments.current;
    if (!jsonRevision || !next) return;
    if (emitted.current && JSON.stringify(next) === JSON.stringify(emitted.current)) return;
    fromJsonView.current = true;
    history.apply((present) => ({ ...present, model: sheetModel(next.schema as unknown as SheetSchema, next.uiSchema as SheetUiSchema) }));
  }, [jsonRevision, history.apply]);

  const apply = useCallback((change: (present: BuilderSnapshot) => BuilderSnapshot | null, typingIn?: string) => history.apply(change, typingIn), [history.apply]);
  const refuse = (result: { refused: string; params?: Record<string, unknown> }) => notify(result.refused, { type: 'warning', messageArgs: result.params });

  const selectedEntry = selected ? findItem(model, selected) : undefined;
  const targetSection = (): string[] => {
    if (selectedEntry) return selectedEntry.item.kind === 'section' ? selectedEntry.path : selectedEntry.parent;
    const last = [...model.sections].reverse().find((item) => item.kind === 'section');
    return last ? [last.key] : [];
  };

  const addTool = (tool: ControlTool) => {
    const result = addControl(model, tool, targetSection(), translate(`SHEET_BUILDER.Tool.${tool}`));
    if (isRefused(result)) return refuse(result);
    apply((present) => ({ ...present, model: result.model }));
    setSelected(result.id);
  };
  const newSection = () => {
    const result = addSection(model, translate('SHEET_BUILDER.NewSection'));
    if (isRefused(result)) return refuse(result);
    apply((present) => ({ ...present, model: result.model }));
    setSelected(result.id);
  };
  const othersList = () => set.map((sheet) => changedOthers[sheet.name] ?? sheet.schema);
  const withOthers = (present: BuilderSnapshot, model: SheetModel, next: SheetSchema[]): BuilderSnapshot => {
    const changed = { ...present.others };
    next.forEach((schema, index) => {
      if (schema !== othersList()[index]) changed[set[index].name] = schema;
    });
    return { model, others: changed };
  };
  // The toolbox is memoized (it renders on no keystroke); its callbacks read the current model.
  const toolRef = useRef({ addTool, newSection });
  toolRef.current = { addTool, newSection };
  const stableTool = useCallback((tool: ControlTool) => toolRef.current.addTool(tool), []);
  const stableSection = useCallback(() => toolRef.current.newSection(), []);
  const moveRef = useRef<(id: string, into: string[], index: number) => void>(() => undefined);
  // The canvas keeps one callback (it is memoized); the callback reads the current model.
  const stableMove = useCallback((id: string, into: string[], index: number) => moveRef.current(id, into, index), []);
  const move = (id: string, into: string[], index: number) => {
    const result = moveItem(model, id, into, index, othersList());
    if (isRefused(result)) return refuse(result);
    apply((present) => withOthers(present, result.model, result.others));
  };
  moveRef.current = move;
  const rename = (key: string) => {
    if (!selected) return;
    const result = renameItem(model, selected, key, othersList());
    if (isRefused(result)) return refuse(result);
    apply((present) => withOthers(present, result.model, result.others));
  };
  const remove = (id: string, removeConditions = false) => {
    const result = deleteItem(model, id, othersList(), removeConditions);
    if (isRefused(result)) {
      if ('dependents' in result && result.dependents.length) setRefusedDelete({ id, dependents: result.dependents });
      else refuse(result);
      return;
    }
    setRefusedDelete(null);
    setSelected(null);
    apply((present) => withOthers(present, result.model, result.others));
  };
  const duplicate = () => {
    if (!selected) return;
    const result = duplicateItem(model, selected);
    if (isRefused(result)) return refuse(result);
    apply((present) => ({ ...present, model: result.model }));
    setSelected(result.id);
  };

  // Live checks on every edit: the domain's rules here, the meta-schema from the server's check of the same documents.
  const problems = useMemo<BuilderProblem[]>(() => {
    const { settled: model, written } = checked;
    const local = [
      ...sheetDefinitionProblems(written.schema, others).map((problem) => ({ ...problem, document: 'schema' as const })),
      ...sheetSetProblems(written.schema, written.uiSchema, others),
    ].map((problem) => ({ key: problem.key, params: problem.params ?? {}, itemId: problem.document === 'schema' ? itemOfPointer(model, problem.path) : itemOfPointer(model, problem.path.flatMap((key) => ['properties', key])) }));
    const meta = serverProblems
      .filter((problem) => problem.key.startsWith('QUESTIONNAIRE.Meta.') || problem.key.startsWith('QUESTIONNAIRE.Errors.'))
      .map((problem) => ({ key: problem.key, params: problem.params, itemId: problem.pointer ? itemOfPointer(model, decode(problem.pointer)) : undefined }));
    return [...meta, ...local];
  }, [checked, others, serverProblems]);
  // The same map while the counts are the same: a new one renders every section of the canvas again.
  const lastCounts = useRef(new Map<string, number>());
  const problemCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const problem of problems) if (problem.itemId) counts.set(problem.itemId, (counts.get(problem.itemId) ?? 0) + 1);
    const previous = lastCounts.current;
    if (counts.size === previous.size && [...counts].every(([id, count]) => previous.get(id) === count)) return previous;
    lastCounts.current = counts;
    return counts;
  }, [problems]);

  const pickable = useMemo<PickableControl[]>(() => {
    const own = modelControls(checked.settled).flatMap(({ path, control }): PickableControl[] => {
      const options = control.node.oneOf ?? control.node.items?.oneOf;
      if (control.node.type !== 'boolean' && !options) return [];
      return [{ path, label: textIn(control.node, 'title', locale) || control.key, sheet: textIn(checked.settled.root, 'title', locale), ...(options ? { options } : {}) }];
    });
    const theirs = set
      .filter((sheet) => sheet.inSet)
      .flatMap((sheet) =>
        walkControls(changedOthers[sheet.name] ?? sheet.schema).flatMap(({ dotPath, control }): PickableControl[] => {
          const options = control.oneOf ?? control.items?.oneOf;
          if (control.type !== 'boolean' && !options) return [];
          return [{ path: dotPath, label: textIn(control, 'title', locale) || dotPath, sheet: textIn(sheet.schema, 'title', locale), ...(options ? { options } : {}) }];
        }),
      );
    return [...own, ...theirs];
  }, [checked.settled, set, changedOthers, locale]);

  const previewSet = useMemo(() => set.filter((sheet) => sheet.inSet).map((sheet) => ({ ...sheet, schema: changedOthers[sheet.name] ?? sheet.schema })), [set, changedOthers]);
  const selectedPath = selected ? itemPath(model, selected) : undefined;
  const dependents = useMemo(() => (selectedPath ? whereUsed([checked.written.schema, ...others], selectedPath) : []), [selectedPath, checked.written, others]);

  const companionNames = Object.keys(changedOthers).join(', ');
  const toolbar = <BuilderToolbar pane={pane} onPane={setPane} canUndo={history.canUndo} canRedo={history.canRedo} onUndo={history.undo} onRedo={history.redo} companionNames={companionNames} />;

  if (pane === 'translations') {
    return (
      <Box data-testid="sheet-builder">
        {toolbar}
        <TranslationsGrid
          model={model}
          onChange={(next, typingIn) => apply((present) => ({ ...present, model: next }), typingIn)}
          onSelect={(id) => {
            setSelected(id);
            setPane('build');
          }}
        />
      </Box>
    );
  }

  return (
    <Box data-testid="sheet-builder">
      {toolbar}
      {pane === 'build' && <Toolbox onSection={stableSection} onTool={stableTool} />}
      {/* A CSS grid, not MUI's Grid: it renders on every keystroke and its responsive props cost a frame's share. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Box sx={{ minWidth: 0 }}>
          {pane === 'preview' ? (
            // The property panel stays beside the preview: an edit there shows in the real form.
            <BuilderPreview record={record} schema={written.schema} uiSchema={written.uiSchema} set={previewSet} testAnswers={testAnswers} onTestAnswers={onTestAnswers} />
          ) : (
            <BuilderCanvas model={model} selected={selected} onSelect={setSelected} onMove={stableMove} problemCounts={problemCounts} language={locale} />
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {/* The panel stays in view while the canvas scrolls (on wide screens). */}
          <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 72 }, maxHeight: { md: 'calc(100vh - 88px)' }, overflowY: { md: 'auto' }, '& > *': { flexShrink: 0 } }} data-testid="builder-side">
            <BuilderProblems problems={problems} onSelect={setSelected} />
            <TestAnswerChecks schema={checked.written.schema} sets={testAnswers} />
            {selectedEntry && selectedPath ? (
              <PropertyPanel
                key={selectedEntry.item.id}
                item={selectedEntry.item}
                path={selectedPath}
                onNode={(change) => apply((present) => ({ ...present, model: updateNode(present.model, selectedEntry.item.id, change) }), typingField.current && `${selectedEntry.item.id}:${typingField.current}`)}
                onUi={(change) => apply((present) => ({ ...present, model: updateUi(present.model, selectedEntry.item.id, change) }))}
                onRename={rename}
                onDuplicate={duplicate}
                onDelete={() => remove(selectedEntry.item.id)}
                pickable={pickable}
                whereUsed={<WhereUsed dependents={dependents} />}
              />
            ) : (
              <Card variant="outlined" sx={{ p: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {translate('SHEET_BUILDER.SelectHint')}
                </Typography>
              </Card>
            )}
          </Stack>
        </Box>
      </Box>
      <DeleteRefusedDialog refused={refusedDelete} onClose={() => setRefusedDelete(null)} onRemoveAll={() => refusedDelete && remove(refusedDelete.id, true)} />
    </Box>
  );
}
