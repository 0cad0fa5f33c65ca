import { Alert, Box, Button, List, ListItem, ListItemText, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { Title, useCanAccess, useLocale, useNotify, useTranslate } from 'react-admin';
import { isLanguage } from '../../domain/languages';
import { appliesTo, type WorkflowDefinition, type WorkflowLabels } from '../../domain/workflow';
import { definitionProblems } from '../../domain/workflowDefinition';
import { viewId, workflowChecks, workflowViews, type WorkflowView } from '../../domain/workflowChecks';
import { compareView, definitionLabel } from '../../domain/workflowVersions';
import * as edits from './editorState';
import { buildGraph, OVERVIEW, parseView, type Positions } from './graph';
import { PropertyPanel } from './PropertyPanel';
import { PublishDialog } from './PublishDialog';
import { SimulatePanel } from './SimulatePanel';
import { WorkflowDiagram } from './WorkflowDiagram';
import { workflowApi, type DraftRecord, type VersionRow } from '../../providers/methods/workflowDefinition';
import { WORKFLOW_DEFINITION_RESOURCE } from '../../domain/resources';

type Mode = 'design' | 'simulate' | 'compare';
type Selection = { kind: 'state'; id: string } | { kind: 'transition'; action: string } | null;

/** The configurers' workflow editor: drafts of the definition as diagrams, checked, simulated, compared and published. */
export default function WorkflowEditorPage() {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: WORKFLOW_DEFINITION_RESOURCE, action: 'edit' });
  if (isPending) return null;
  if (!canAccess) return <Alert severity="error">{translate('ERRORMESSAGES.NotAllowed')}</Alert>;
  return <Editor />;
}

function DraftList({ onOpen }: { onOpen: (version: number) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [versions, setVersions] = useState<VersionRow[]>([]);
  useEffect(() => void workflowApi.versions().then(setVersions), []);
  const create = () => workflowApi.createDraft().then((draft) => onOpen(draft.version), (error: Error) => notify(error.message, { type: 'error' }));
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{translate('WORKFLOW.Editor.Intro')}</Typography>
      <Button variant="contained" onClick={create} sx={{ alignSelf: 'flex-start' }} data-testid="new-draft">
        {translate('WORKFLOW.Editor.NewDraft')}
      </Button>
      <List aria-label={translate('WORKFLOW.Editor.Versions')}>
        {versions.map((row) => (
          <ListItem key={row.version} divider secondaryAction={row.status === 'draft' ? <Button onClick={() => onOpen(row.version)}>{translate('WORKFLOW.Editor.Open')}</Button> : undefined}>
            <ListItemText primary={translate('WORKFLOW.Editor.VersionLine', { version: row.version, status: translate(`WORKFLOW.Editor.Status.${row.status}`) })} secondary={[row.createdBy, row.comment].filter(Boolean).join(' · ')} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function Editor() {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useLocale();
  const [draft, setDraft] = useState<DraftRecord | null>(null);
  const [inForce, setInForce] = useState<WorkflowDefinition | null>(null);
  const [history, dispatch] = useReducer(edits.historyReducer, { past: [], present: { states: [], transitions: [], escalations: [] }, future: [] });
  const [layout, setLayout] = useState<Record<string, Positions>>({});
  const [view, setView] = useState('approvallot.standard');
  const [mode, setMode] = useState<Mode>('design');
  const [selection, setSelectionState] = useState<Selection>(null);
  // The same selection again keeps its object (the diagram reports its selection after each render of it).
  const setSelection = useCallback((next: Selection) => setSelectionState((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : next)), []);
  const [simulated, setSimulated] = useState('');
  const [publishing, setPublishing] = useState(false);
  const definition = history.present;

  const open = useCallback((version: number) => {
    void Promise.all([workflowApi.draft(version), workflowApi.inForce()]).then(([record, active]) => {
      setDraft(record);
      setLayout(record.layout);
      setInForce(active.definition);
      dispatch({ type: 'reset', definition: record.definition });
    });
  }, []);

  const language = isLanguage(locale) ? locale : 'de';
  const labelOf = useCallback(
    (kind: keyof WorkflowLabels, key: string) =>
      definitionLabel(definition.labels, kind, key, language) ?? translate({ states: `STATES.${key}`, actions: `WORKFLOW.Actions.${key}`, tasks: `TASKS.Keys.${key}.Title` }[kind], { _: key }),
    [definition.labels, language, translate],
  );
  const checks = useMemo(() => workflowChecks(definition), [definition]);
  const problems = useMemo(() => definitionProblems(definition), [definition]);
  const current = useMemo(() => parseView(view), [view]);
  const laidOut = useMemo(() => {
    const built = buildGraph(definition, view, { labelOf, checks, positions: layout[view] ?? {}, laneLabel: (unitType) => translate(`PROJECTUNIT.Type.${unitType}`, { _: unitType }) });
    if (mode === 'simulate') for (const node of built.nodes) node.data = { ...node.data, simulated: node.id === simulated };
    if (mode === 'compare' && current && inForce) {
      const marks = compareView(inForce, definition, current);
      for (const node of built.nodes) node.data = { ...node.data, mark: marks.states[node.id] };
      for (const edge of built.edges) {
        const mark = marks.actions[String(edge.data?.action)];
        if (mark) edge.style = { stroke: mark === 'added' ? '#2e7d32' : '#ef6c00', strokeWidth: 2 };
      }
      const before = buildGraph(inForce, view, { labelOf, checks: [], positions: layout[view] ?? {} });
      for (const node of before.nodes) if (marks.states[node.id] === 'removed') built.nodes.push({ ...node, data: { ...node.data, mark: 'removed' } });
    }
    return built;
  }, [definition, view, labelOf, checks, layout, mode, simulated, inForce, current, translate]);
  // The diagram's selection follows the editor's (a transition added from the panel is the one selected, not the
  // state a click had selected before); selecting does not lay the diagram out again.
  const graph = useMemo(
    () => ({
      nodes: laidOut.nodes.map((node) => ({ ...node, selected: selection?.kind === 'state' && node.id === selection.id })),
      edges: laidOut.edges.map((edge) => ({ ...edge, selected: selection?.kind === 'transition' && edge.data?.action === selection.action })),
    }),
    [laidOut, selection],
  );

  if (!draft) return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('WORKFLOW.Editor.Title')} />
      <DraftList onOpen={open} />
    </Box>
  );

  const edit = (change: (definition: WorkflowDefinition) => WorkflowDefinition) => dispatch({ type: 'edit', edit: change });
  const selectedState = selection?.kind === 'state' && current ? definition.states.find((state) => state.key === selection.id && state.unitTypes.includes(current.unitType)) : undefined;
  const selectedTransition = selection?.kind === 'transition' && current ? definition.transitions.find((transition) => transition.action === selection.action && transition.unitTypes.includes(current.unitType)) : undefined;
  const viewChecks = checks.filter((check) => check.view === view);

  const save = async () => {
    try {
      const saved = await workflowApi.saveDraft(draft.version, { definition, layout, revision: draft.revision });
      setDraft(saved);
      notify('WORKFLOW.Editor.Saved', { type: 'success' });
      return saved;
    } catch (error) {
      notify((error as Error).message, { type: 'error', multiLine: true });
      return null;
    }
  };
  const addState = () => {
    if (!current) return;
    const key = edits.freeKey('NewState', definition.states.map((state) => state.key));
    edit(edits.addState(current, key));
    setSelection({ kind: 'state', id: key });
  };
  const connect = (from: string, to: string) => {
    if (!current) return;
    const action = edits.freeKey('NewAction', definition.transitions.map((transition) => transition.action));
    edit(edits.addTransition(current, action, from, to));
    setSelection({ kind: 'transition', action });
  };
  const remove = () => {
    if (!current) return;
    if (selectedState) edit(edits.removeState(current, selectedState.key));
    if (selectedTransition) edit(edits.removeTransition(selectedTransition.action, current));
    setSelection(null);
  };
  const discard = async () => {
    await workflowApi.deleteDraft(draft.version);
    setDraft(null);
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('WORKFLOW.Editor.DraftTitle', { version: draft.version })} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <TextField select size="small" label={translate('WORKFLOW.Editor.View')} value={view} onChange={(event) => { setView(event.target.value); setSelection(null); }} slotProps={{ htmlInput: { 'data-testid': 'view-select' } }} sx={{ minWidth: 220 }}>
          <MenuItem value={OVERVIEW}>{translate('WORKFLOW.Editor.Overview')}</MenuItem>
          {workflowViews(definition).map((candidate: WorkflowView) => (
            <MenuItem key={viewId(candidate)} value={viewId(candidate)}>
              {`${translate(`PROJECTUNIT.Type.${candidate.unitType}`, { _: candidate.unitType })} · ${candidate.tenantType}`}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, next: Mode | null) => next && setMode(next)} aria-label={translate('WORKFLOW.Editor.Mode')}>
          {(['design', 'simulate', 'compare'] as const).map((name) => (
            <ToggleButton key={name} value={name} disabled={name !== 'design' && !current}>
              {translate(`WORKFLOW.Editor.Modes.${name}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button onClick={addState} disabled={!current || mode !== 'design'} data-testid="add-state">{translate('WORKFLOW.Editor.AddState')}</Button>
        <Button onClick={() => dispatch({ type: 'undo' })} disabled={!history.past.length}>{translate('WORKFLOW.Editor.Undo')}</Button>
        <Button onClick={() => dispatch({ type: 'redo' })} disabled={!history.future.length}>{translate('WORKFLOW.Editor.Redo')}</Button>
        <Button variant="outlined" onClick={save} data-testid="save-draft">{translate('WORKFLOW.Editor.Save')}</Button>
        <Button variant="contained" onClick={async () => (await save()) && setPublishing(true)} data-testid="publish">{translate('WORKFLOW.Editor.Publish')}</Button>
        <Button color="error" onClick={discard}>{translate('WORKFLOW.Editor.DeleteDraft')}</Button>
      </Stack>
      <Box role="status" data-testid="check-summary" sx={{ mb: 1 }}>
        {viewChecks.length + problems.length === 0 ? (
          <Typography variant="body2">{translate('WORKFLOW.Editor.NoProblems')}</Typography>
        ) : (
          <Alert severity="warning">
            {[...problems, ...viewChecks.map((check) => translate(`WORKFLOW.Editor.Checks.${check.kind}`) + ': ' + (check.state ?? check.action ?? ''))].slice(0, 8).join(' · ')}
          </Alert>
        )}
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ flex: 1, height: { xs: 420, md: '70vh' } }}>
          <WorkflowDiagram
            key={view /* a new view is fitted into the canvas */}
            nodes={graph.nodes}
            edges={graph.edges}
            onSelect={setSelection}
            onConnect={mode === 'design' && current ? connect : undefined}
            onPin={(id, position) => setLayout((previous) => ({ ...previous, [view]: { ...previous[view], [id]: position } }))}
          />
        </Paper>
        <Paper variant="outlined" component="aside" aria-label={translate('WORKFLOW.Editor.Properties')} sx={{ width: { xs: 'auto', md: 380 }, p: 2, maxHeight: { md: '70vh' }, overflow: 'auto' }}>
          {mode === 'simulate' && current ? (
            <SimulatePanel definition={definition} view={current} labelOf={labelOf} onState={setSimulated} />
          ) : (
            <PropertyPanel
              definition={definition}
              viewStates={current ? definition.states.filter((state) => appliesTo(state, current.unitType, current.tenantType)).map((state) => state.key) : []}
              labelOf={labelOf}
              onAddTransition={connect}
              state={selectedState}
              transition={selectedTransition}
              onStateChange={(patch) => current && selectedState && edit(edits.updateState(selectedState.key, current, patch))}
              onTransitionChange={(patch) => current && selectedTransition && edit(edits.updateTransition(selectedTransition.action, current, patch))}
              onRenameState={(key) => { if (selectedState) { edit(edits.renameState(selectedState.key, key)); setSelection({ kind: 'state', id: key }); } }}
              onRenameAction={(key) => { if (current && selectedTransition) { edit(edits.renameAction(current, selectedTransition.action, key)); setSelection({ kind: 'transition', action: key }); } }}
              onLabel={(kind, key, lang, text) => edit(edits.setLabel(kind, key, lang, text))}
              onRemove={remove}
            />
          )}
        </Paper>
      </Stack>
      {publishing && (
        <PublishDialog
          version={draft.version}
          draft={definition}
          onClose={() => setPublishing(false)}
          onPublished={(version) => {
            setPublishing(false);
            setDraft(null);
            notify('WORKFLOW.Editor.Published', { type: 'success', messageArgs: { version } });
          }}
        />
      )}
    </Box>
  );
}
