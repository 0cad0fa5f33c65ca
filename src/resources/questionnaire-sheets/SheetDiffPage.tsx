import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Box, Button, IconButton, LinearProgress, MenuItem, Paper, Stack, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Title, useBasename, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { compareSheets, controlChangesOf } from '../../domain/questionnaire/builder';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { ControlChangesCard } from './ControlChangesCard';
import { prettyJson } from './jsonText';
import { LineDiffView } from './LineDiffView';
import { SheetAccess } from './SheetAccess';
import { versionLabel } from './SheetFields';
import { SHEETS_LIST_PATH, type SheetRecord, type SheetRow } from './sheets';
import { useSheetNames, useSheetVersions } from './useSheetVersions';
import { VisualCompare } from './VisualCompare';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

/** How the comparison is shown: the versions side by side as the customer sees them (default), or the JSON's lines. */
type DiffView = 'visual' | 'lines';

function useVersionRecord(row: SheetRow | undefined) {
  return useGetOne<SheetRecord>(QUESTIONNAIRE_SHEETS_RESOURCE, { id: row?.id ?? 0 }, { enabled: !!row });
}

/** Sheet name and the two versions; the choice lives in the address, so a comparison can be shared. */
function DiffChooser({ names, versions, name, a, b, onChange }: { names: string[]; versions: SheetRow[]; name: string; a?: number; b?: number; onChange: (next: { name: string; a?: number; b?: number }) => void }) {
  const translate = useTranslate();
  const versionSelect = (label: string, value: number | undefined, side: 'a' | 'b') => (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value ?? ''}
      onChange={(event) => onChange({ name, a, b, [side]: Number(event.target.value) })}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': `diff-version-${side}` } }}
    >
      {versions.map((row) => (
        <MenuItem key={row.id} value={row.version}>
          {versionLabel(row.version)} · {translate(`QUESTIONNAIRE_SHEETS.Status.${row.status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select size="small" label={translate('resources.questionnaire-sheets.fields.name')} value={names.includes(name) ? name : ''} onChange={(event) => onChange({ name: event.target.value })} sx={{ minWidth: 220 }}>
          {names.map((option) => (
            <MenuItem key={option} value={option} sx={{ fontFamily: 'monospace' }}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        {versionSelect('QUESTIONNAIRE_SHEETS.Diff.VersionA', a, 'a')}
        <Tooltip title={translate('QUESTIONNAIRE_SHEETS.Diff.Swap')}>
          <span>
            <IconButton onClick={() => onChange({ name, a: b, b: a })} disabled={a === undefined || b === undefined} aria-label={translate('QUESTIONNAIRE_SHEETS.Diff.Swap')}>
              <SwapHorizIcon />
            </IconButton>
          </span>
        </Tooltip>
        {versionSelect('QUESTIONNAIRE_SHEETS.Diff.VersionB', b, 'b')}
      </Stack>
    </Paper>
  );
}

/** home/app/questionnaire-sheets/diff?name=…&a=…&b=…: what changed between two versions of a sheet. */
export default function SheetDiffPage() {
  return (
    <SheetAccess action="list">
      <SheetComparison />
    </SheetAccess>
  );
}

function SheetComparison() {
  const translate = useTranslate();
  const basename = useBasename();
  const [search, setSearch] = useSearchParams();
  const name = search.get('name') ?? '';
  const view: DiffView = search.get('view') === 'lines' ? 'lines' : 'visual';
  const { names } = useSheetNames();
  const { data: versions = [], isPending } = useSheetVersions(name || undefined);
  const sorted = useMemo(() => [...versions].filter((row) => row.name === name).sort((x, y) => x.version - y.version), [versions, name]);
  const latest = sorted[sorted.length - 1]?.version;
  // Without a choice: the latest version against the one before it.
  const b = search.has('b') ? Number(search.get('b')) : latest;
  const a = search.has('a') ? Number(search.get('a')) : b !== undefined && b > 1 ? sorted.filter((row) => row.version < b).pop()?.version : undefined;
  const rowA = sorted.find((row) => row.version === a);
  const rowB = sorted.find((row) => row.version === b);
  const { data: recordA } = useVersionRecord(rowA);
  const { data: recordB } = useVersionRecord(rowB);
  // The list's rows fill react-admin's cache first (without documents): compared once both versions' documents are in.
  const comparison = useMemo(() => (recordA?.schema && recordB?.schema ? compareSheets(recordA, recordB) : null), [recordA, recordB]);
  const changes = useMemo(() => (comparison ? controlChangesOf(comparison) : null), [comparison]);
  const title = translate('QUESTIONNAIRE_SHEETS.Diff.Title');
  useDocumentTitle(name ? `${title} – ${name}` : title);

  const choose = (next: { name: string; a?: number; b?: number }) => {
    const params = new URLSearchParams({ name: next.name });
    if (next.a !== undefined) params.set('a', String(next.a));
    if (next.b !== undefined) params.set('b', String(next.b));
    if (view === 'lines') params.set('view', view);
    setSearch(params, { replace: true });
  };
  const chooseView = (next: DiffView) => {
    const params = new URLSearchParams(search);
    if (next === 'lines') params.set('view', next);
    else params.delete('view');
    setSearch(params, { replace: true });
  };

  return (
    <Box sx={{ mt: 1, mb: 3 }}>
      <Title title={title} />
      <Button component={RouterLink} to={`${basename}${SHEETS_LIST_PATH}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('QUESTIONNAIRE_SHEETS.BackToList')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <CompareArrowsIcon color="primary" />
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Stack>
      <DiffChooser names={names} versions={sorted} name={name} a={a} b={b} onChange={choose} />
      {name && isPending ? (
        <LinearProgress />
      ) : !rowA || !rowB ? (
        <Alert severity="info">{translate('QUESTIONNAIRE_SHEETS.Diff.Choose')}</Alert>
      ) : !recordA || !recordB || !changes || !comparison ? (
        <LinearProgress />
      ) : (
        <Stack spacing={2} data-testid="sheet-diff">
          <Typography variant="body2" color="text.secondary">
            {translate('QUESTIONNAIRE_SHEETS.Diff.Comparing', { name, a: versionLabel(recordA.version), b: versionLabel(recordB.version) })}
          </Typography>
          <Tabs value={view} onChange={(_, next: DiffView) => chooseView(next)} aria-label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Views')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="visual" label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.TabVisual')} id="diff-tab-visual" aria-controls="diff-panel-visual" data-testid="diff-view-visual" />
            <Tab value="lines" label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.TabLines')} id="diff-tab-lines" aria-controls="diff-panel-lines" data-testid="diff-view-lines" />
          </Tabs>
          {/* Both views stay mounted (the unfolded lines are kept when switching); the other one is hidden. */}
          <Box role="tabpanel" id="diff-panel-visual" aria-labelledby="diff-tab-visual" hidden={view !== 'visual'}>
            <VisualCompare comparison={comparison} schemaA={recordA.schema} schemaB={recordB.schema} versionA={recordA.version} versionB={recordB.version} />
          </Box>
          <Stack role="tabpanel" id="diff-panel-lines" aria-labelledby="diff-tab-lines" hidden={view !== 'lines'} spacing={2} sx={{ '&[hidden]': { display: 'none' } }}>
            <ControlChangesCard changes={changes} />
            <LineDiffView title="schema" before={prettyJson(recordA.schema)} after={prettyJson(recordB.schema)} testId="diff-schema" />
            <LineDiffView title="uiSchema" before={prettyJson(recordA.uiSchema)} after={prettyJson(recordB.uiSchema)} testId="diff-uischema" />
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
