import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Card, Chip, FormControlLabel, Stack, Switch, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState, type ReactElement } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { isPlainObject, walkControls, type SheetNode, type SheetOption, type SheetSchema } from '../../domain/questionnaire';
import { comparedItems, hasChanges, type CompareStatus, type ComparedItem, type Condition, type PropertyChange, type SheetComparison } from '../../domain/questionnaire/builder';
import { ControlLook, textIn } from './ControlLook';
import { versionLabel } from './SheetFields';
import { formatNumber } from '../../domain/format';

type Side = 'a' | 'b';
type Translate = ReturnType<typeof useTranslate>;

/** Tint, border and text colour per status (text colours keep 4.5:1 on their tint); unchanged has none. */
const LOOK: Record<Exclude<CompareStatus, 'unchanged'>, { tint: string; border: string; text: string; icon: ReactElement }> = {
  added: { tint: '#e6f4ea', border: '#2e7d32', text: '#0d5f2c', icon: <AddIcon fontSize="small" /> },
  removed: { tint: '#fdecea', border: '#c62828', text: '#a4161a', icon: <RemoveIcon fontSize="small" /> },
  changed: { tint: '#fff4e0', border: '#e08a00', text: '#7a4100', icon: <EditIcon fontSize="small" /> },
  moved: { tint: '#e8f0fe', border: '#1565c0', text: '#0d3c78', icon: <MoveDownIcon fontSize="small" /> },
};
const STATUSES: CompareStatus[] = ['added', 'removed', 'changed', 'moved', 'unchanged'];

/** The status in words with its icon, so that it is not told by colour alone. */
function StatusChip({ status }: { status: Exclude<CompareStatus, 'unchanged'> }) {
  const translate = useTranslate();
  const look = LOOK[status];
  return (
    <Chip
      size="small"
      icon={look.icon}
      label={translate(`QUESTIONNAIRE_SHEETS.Diff.Visual.Status.${status}`)}
      data-testid="compare-status"
      sx={{ bgcolor: look.tint, color: look.text, border: 1, borderColor: look.border, fontWeight: 600, '& .MuiChip-icon': { color: look.text } }}
    />
  );
}

/** The words of one comparison: values in the user's language, conditions and options by their titles. */
function useWording(schemas: SheetSchema[], language: string) {
  const translate = useTranslate();
  // Controls a condition may name, by their dot path over the whole answers (both versions; B wins).
  const controls = useMemo(() => {
    const byPath = new Map<string, SheetNode>();
    for (const schema of schemas) for (const control of walkControls(schema)) byPath.set(control.dotPath, control.control);
    return byPath;
  }, [schemas]);
  const quote = (text: string) => translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Quoted', { text });
  const value = (raw: unknown): string => {
    if (raw === undefined || raw === null || raw === '') return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.None');
    if (typeof raw === 'boolean') return translate(raw ? 'QUESTIONNAIRE_SHEETS.Diff.Visual.Yes' : 'QUESTIONNAIRE_SHEETS.Diff.Visual.No');
    // A limit is shown as written (up to ten decimals), in the user's language.
    if (typeof raw === 'number') return formatNumber(raw, language, { max: 10 });
    if (typeof raw === 'string') return quote(raw);
    const json = JSON.stringify(raw);
    return json.length > 80 ? `${json.slice(0, 79)}…` : json;
  };
  const fromTo = (before: string, after: string) => `${before} → ${after}`;
  const optionTitle = (option: SheetOption | undefined) => (option ? quote(textIn(option, 'title', language) || option.const) : translate('QUESTIONNAIRE_SHEETS.Diff.Visual.None'));
  const condition = (entry: Condition) => {
    const control = controls.get(entry.path);
    const name = control ? quote(textIn(control, 'title', language) || entry.path) : entry.path;
    if (entry.kind === 'checked') return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Condition.Checked', { control: name });
    const option = (control?.oneOf ?? control?.items?.oneOf)?.find((candidate) => candidate.const === entry.equals);
    return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Condition.Equals', { control: name, value: option ? optionTitle(option) : value(entry.equals) });
  };
  const conditions = (list: Condition[]) => list.map(condition).join(translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Condition.Or'));
  const PROPERTY: Record<string, string> = {
    title: 'SHEET_BUILDER.Label',
    'x-placeholder': 'SHEET_BUILDER.Placeholder',
    description: 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.description',
    'x-note': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.note',
    'x-popup': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.popup',
    minimum: 'SHEET_BUILDER.Minimum',
    maximum: 'SHEET_BUILDER.Maximum',
    minLength: 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.minLength',
    maxLength: 'SHEET_BUILDER.MaxLength',
    pattern: 'SHEET_BUILDER.Pattern',
    'x-unit': 'SHEET_BUILDER.Unit',
    multipleOf: 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.step',
    'x-required': 'SHEET_BUILDER.Required',
    readOnly: 'SHEET_BUILDER.ReadOnly',
    default: 'SHEET_BUILDER.Default',
    'x-group': 'SHEET_BUILDER.Group',
    'x-requiredGroup': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.requiredGroup',
    kind: 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.kind',
    'ui:widget': 'SHEET_BUILDER.Widget',
    'ui:options': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.widgetOptions',
    'ui:field': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.field',
    'x-width': 'SHEET_BUILDER.Width',
    'x-fullWidth': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.fullWidth',
    'x-component': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.component',
    'x-componentOptions': 'QUESTIONNAIRE_SHEETS.Diff.Visual.Property.componentOptions',
  };
  const property = (key: string) => (PROPERTY[key] ? translate(PROPERTY[key]) : key);
  const keywordValue = (key: string, raw: unknown) => {
    if (key === 'kind' && typeof raw === 'string') return translate(`SHEET_BUILDER.Tool.${raw}`);
    if (key === 'ui:widget') return typeof raw === 'string' ? translate(`SHEET_BUILDER.Widgets.${raw}`, { _: raw }) : translate('SHEET_BUILDER.DefaultWidget');
    if (key === 'x-width') return typeof raw === 'number' ? `${raw}/12` : '6/12';
    return value(raw);
  };
  /** One change in words: "Maximum 100 → 200", "+ “Option C”", "now shown only when …". */
  const change = (entry: PropertyChange): string => {
    switch (entry.group) {
      case 'texts':
        return `${property(entry.property)} ${entry.language.toUpperCase()}: ${fromTo(value(entry.before), value(entry.after))}`;
      case 'options': {
        if (entry.change === 'reordered') return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.OptionsReordered');
        if (entry.change === 'added') return `+ ${optionTitle(entry.after)}`;
        if (entry.change === 'removed') return `− ${optionTitle(entry.before)}`;
        // Renamed: in the user's language when it changed there, else in the first language it changed in.
        const raw = (option: SheetOption | undefined, lang: string) => (lang === 'en' ? option?.title : option?.['x-i18n']?.[lang]?.title);
        const changedIn = [language, 'en', 'de', 'nl'].find((lang) => raw(entry.before, lang) !== raw(entry.after, lang)) ?? language;
        const suffix = changedIn === language ? '' : ` (${changedIn.toUpperCase()})`;
        return `${fromTo(value(raw(entry.before, changedIn)), value(raw(entry.after, changedIn)))}${suffix}`;
      }
      case 'conditions':
        if (!entry.before.length) return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Condition.Now', { when: conditions(entry.after) });
        if (!entry.after.length) return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Condition.Always', { when: conditions(entry.before) });
        return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Condition.Changed', { when: conditions(entry.after), was: conditions(entry.before) });
      default:
        return `${property(entry.property)} ${fromTo(keywordValue(entry.property, entry.before), keywordValue(entry.property, entry.after))}`;
    }
  };
  /** The changes of one item, a line per group: "Options: + “C”; − “B”". */
  const lines = (changes: PropertyChange[]): { group: string; text: string }[] => {
    const byGroup = new Map<string, string[]>();
    for (const entry of changes) byGroup.set(entry.group, [...(byGroup.get(entry.group) ?? []), change(entry)]);
    return [...byGroup].map(([group, texts]) => ({ group, text: `${translate(`QUESTIONNAIRE_SHEETS.Diff.Visual.Group.${group}`)}: ${texts.join('; ')}` }));
  };
  return { lines };
}

type Wording = ReturnType<typeof useWording>;

interface RowContext {
  side: Side | 'both';
  language: string;
  wording: Wording;
  onlyChanges: boolean;
  /** Titles of the sections of A and B by path (for "moved to …"). */
  sectionTitles: Record<Side, Map<string, string>>;
  versions: Record<Side, string>;
  translate: Translate;
}

const pathKey = (path: string[] | undefined) => (path ?? []).join('.');
/** Where an item's row stands: its path in B, in A for what only A has (a moved control's old place too). */
const rowPath = (item: ComparedItem) => pathKey(item.place === 'old' ? item.beforePath : (item.afterPath ?? item.beforePath));

/** The list of changes in words under an item. */
function ChangeList({ item, wording }: { item: ComparedItem; wording: Wording }) {
  const lines = wording.lines(item.changes);
  if (!lines.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="compare-changes">
      {lines.map((line) => (
        <Typography component="li" variant="body2" key={line.group} sx={{ overflowWrap: 'anywhere' }}>
          {line.text}
        </Typography>
      ))}
    </Box>
  );
}

/** Where an item is missing on one side: a gap that says why. */
function Gap({ text, testId }: { text: string; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 56 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', textAlign: 'center' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The status an item shows on one side: the A side of an added or moved-here item has a gap instead. */
function shownOn(item: ComparedItem, side: Side): boolean {
  if (side === 'a') return item.status !== 'added' && item.place !== 'new';
  return item.status !== 'removed' && item.place !== 'old';
}

function gapText(item: ComparedItem, side: Side, context: RowContext): string {
  const { translate, sectionTitles, versions } = context;
  const sectionOf = (path: string[] | undefined, of: Side) => {
    const parent = pathKey(path?.slice(0, -1));
    return sectionTitles[of].get(parent) ?? parent;
  };
  if (item.place === 'old') return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.MovedTo', { section: sectionOf(item.afterPath, 'b') });
  if (item.place === 'new') return translate('QUESTIONNAIRE_SHEETS.Diff.Visual.MovedFrom', { section: sectionOf(item.beforePath, 'a') });
  return translate(side === 'a' ? 'QUESTIONNAIRE_SHEETS.Diff.Visual.NotIn' : 'QUESTIONNAIRE_SHEETS.Diff.Visual.RemovedIn', { version: versions[side] });
}

/** One side of a control's row: the control as the customer sees it, marked, or the gap. */
function ControlCell({ item, side, context }: { item: ComparedItem; side: Side; context: RowContext }) {
  const path = rowPath(item);
  if (!shownOn(item, side)) return <Gap text={gapText(item, side, context)} testId={`compare-${side}-${path}`} />;
  const model = side === 'a' ? item.before : item.after;
  if (model?.kind !== 'control') return null;
  const status = item.status;
  const look = status === 'unchanged' ? null : LOOK[status];
  // The changes are told under B, and under A too where A is seen alone (narrow screens).
  const tellChanges = (side === 'b' || context.side === 'a') && (status === 'changed' || status === 'moved');
  return (
    <Box
      data-testid={`compare-${side}-${path}`}
      data-status={status}
      sx={{ border: 2, borderColor: look?.border ?? 'transparent', bgcolor: look?.tint ?? 'background.paper', borderRadius: 1, p: 1, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minHeight: 24 }}>
        {status !== 'unchanged' && <StatusChip status={status} />}
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {model.key}
        </Typography>
      </Stack>
      <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, p: 0.5 }}>
        <ControlLook control={model} language={context.language} />
      </Box>
      {tellChanges && <ChangeList item={item} wording={context.wording} />}
    </Box>
  );
}

/** A section's heading on one side: its title, marked when the section itself was added, removed or changed. */
function SectionHeading({ item, side, context, level }: { item: ComparedItem; side: Side; context: RowContext; level: number }) {
  const path = rowPath(item);
  if (!shownOn(item, side)) return <Gap text={gapText(item, side, context)} testId={`compare-${side}-${path}`} />;
  const node = (side === 'a' ? item.before : item.after)!.node;
  const status = item.status;
  return (
    <Box data-testid={`compare-${side}-${path}`} data-status={status} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant={level ? 'subtitle2' : 'subtitle1'} component={level ? 'h4' : 'h3'} sx={{ fontWeight: 600 }}>
          {textIn(node, 'title', context.language) || item.key}
        </Typography>
        {status !== 'unchanged' && <StatusChip status={status} />}
      </Stack>
      {status === 'changed' && (side === 'b' || context.side === 'a') && <ChangeList item={item} wording={context.wording} />}
    </Box>
  );
}

/** The cells of one item: both sides (wide) or the chosen side (narrow); a section brings its children's rows. */
function Rows({ items, context, level }: { items: ComparedItem[]; context: RowContext; level: number }) {
  const sides: Side[] = context.side === 'both' ? ['a', 'b'] : [context.side];
  const shown = context.onlyChanges ? items.filter(hasChanges) : items;
  return (
    <>
      {shown.map((item) =>
        item.kind === 'section' ? (
          <Box
            key={`section:${item.key}`}
            sx={{ gridColumn: '1 / -1', bgcolor: 'action.hover', borderRadius: 1, p: { xs: 1, md: 1.5 }, border: 2, borderColor: item.status === 'unchanged' ? 'transparent' : LOOK[item.status].border }}
            data-testid={`compare-section-${rowPath(item)}`}
          >
            <Grid2 columns={sides.length}>
              {sides.map((side) => (
                <SectionHeading key={side} item={item} side={side} context={context} level={level} />
              ))}
              <Rows items={item.children} context={context} level={level + 1} />
            </Grid2>
          </Box>
        ) : (
          sides.map((side) => <ControlCell key={`${item.key}:${item.place ?? ''}:${item.status}:${side}`} item={item} side={side} context={context} />)
        ),
      )}
    </>
  );
}

/** The rows of both versions in one grid, so that a control and its counterpart stand side by side. */
function Grid2({ columns, children }: { columns: number; children: React.ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: 2, rowGap: 1, alignItems: 'stretch' }}>{children}</Box>;
}

/**
 * Two versions of a sheet side by side as the customer sees them (the builder canvas's look): each control marked
 * added, removed, changed or moved, with what changed in words; narrow screens show one version at a time.
 */
export function VisualCompare({ comparison, schemaA, schemaB, versionA, versionB }: { comparison: SheetComparison; schemaA: unknown; schemaB: unknown; versionA: number; versionB: number }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [side, setSide] = useState<Side>('b');
  const [onlyChanges, setOnlyChanges] = useState(false);
  const schemas = useMemo(() => [schemaA, schemaB].filter((schema): schema is SheetSchema => isPlainObject(schema) && isPlainObject(schema.properties) && isPlainObject(schema['x-sheet'])), [schemaA, schemaB]);
  const wording = useWording(schemas, language);
  const sectionTitles = useMemo(() => {
    const titles: Record<Side, Map<string, string>> = { a: new Map(), b: new Map() };
    for (const item of comparedItems(comparison.items)) {
      if (item.kind !== 'section') continue;
      if (item.before) titles.a.set(pathKey(item.beforePath), textIn(item.before.node, 'title', language) || item.key);
      if (item.after) titles.b.set(pathKey(item.afterPath), textIn(item.after.node, 'title', language) || item.key);
    }
    return titles;
  }, [comparison, language]);
  const versions: Record<Side, string> = { a: versionLabel(versionA), b: versionLabel(versionB) };
  const context: RowContext = { side: narrow ? side : 'both', language, wording, onlyChanges, sectionTitles, versions, translate };
  const { counts } = comparison;
  const total = STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const nothingChanged = !comparison.sheet.length && !comparison.items.some(hasChanges);
  const sheetLines = wording.lines(comparison.sheet);
  const heading = (of: Side) => `${translate(of === 'a' ? 'QUESTIONNAIRE_SHEETS.Diff.VersionA' : 'QUESTIONNAIRE_SHEETS.Diff.VersionB')} · ${versions[of]}`;

  return (
    <Card variant="outlined" sx={{ p: { xs: 1, md: 2 } }} data-testid="visual-compare">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid="compare-summary">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('QUESTIONNAIRE_SHEETS.Diff.Visual.Fields', { smart_count: total })}
          </Typography>
          {STATUSES.filter((status) => status !== 'moved' || counts.moved > 0).map((status) => (
            <Typography key={status} variant="body2" component="span" data-testid={`compare-count-${status}`} sx={{ px: 1, borderRadius: 1, bgcolor: status === 'unchanged' ? 'action.hover' : LOOK[status].tint, color: status === 'unchanged' ? 'text.primary' : LOOK[status].text }}>
              {translate(`QUESTIONNAIRE_SHEETS.Diff.Visual.Count.${status}`, { smart_count: counts[status] })}
            </Typography>
          ))}
        </Stack>
        <FormControlLabel
          control={<Switch checked={onlyChanges} onChange={(event) => setOnlyChanges(event.target.checked)} slotProps={{ input: { 'data-testid': 'compare-only-changes' } as object }} />}
          label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.OnlyChanges')}
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      {sheetLines.length > 0 && (
        <Box sx={{ mb: 1.5, p: 1, borderRadius: 1, bgcolor: LOOK.changed.tint, border: 1, borderColor: LOOK.changed.border }} data-testid="compare-sheet-changes">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('QUESTIONNAIRE_SHEETS.Diff.Visual.SheetItself')}
          </Typography>
          {sheetLines.map((line) => (
            <Typography key={line.group} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line.text}
            </Typography>
          ))}
        </Box>
      )}
      {narrow ? (
        <Tabs value={side} onChange={(_, value: Side) => setSide(value)} variant="fullWidth" sx={{ mb: 1.5 }} aria-label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.ChooseVersion')}>
          <Tab value="a" label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.TabA', { version: versions.a })} data-testid="compare-tab-a" sx={{ textTransform: 'none' }} />
          <Tab value="b" label={translate('QUESTIONNAIRE_SHEETS.Diff.Visual.TabB', { version: versions.b })} data-testid="compare-tab-b" sx={{ textTransform: 'none' }} />
        </Tabs>
      ) : (
        <Grid2 columns={2}>
          {(['a', 'b'] as const).map((of) => (
            <Typography key={of} variant="subtitle2" component="h2" sx={{ pb: 0.5, mb: 1, borderBottom: 2, borderColor: 'divider' }} data-testid={`compare-heading-${of}`}>
              {heading(of)}
            </Typography>
          ))}
        </Grid2>
      )}
      {onlyChanges && nothingChanged ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {translate('QUESTIONNAIRE_SHEETS.Diff.NoControlChanges')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Grid2 columns={context.side === 'both' ? 2 : 1}>
            <Rows items={comparison.items} context={context} level={0} />
          </Grid2>
        </Box>
      )}
    </Card>
  );
}
