import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Card, Checkbox, Divider, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { allowedWidgets, type SheetNode, type SheetOption } from '../../../domain/questionnaire';
import { nodeText, nodeWithText, type ModelItem } from '../../../domain/questionnaire/builder';
import { ConditionEditor, type PickableControl } from './ConditionEditor';

export const LANGUAGES = ['en', 'de', 'nl'] as const;
type Text = 'title' | 'x-placeholder';

/**
 * The text field whose keystroke is being applied, while it is (edits are synchronous): the builder's history joins
 * the keystrokes of one field into one undo step.
 */
export const typingField: { current: string | undefined } = { current: undefined };

/** A text field that edits on every keystroke but keeps its own value while typing (a number may be half typed). */
type FieldProps = { label: string; value: string; onCommit: (value: string) => void; type?: string; testId: string; select?: boolean; children?: React.ReactNode };

/** Fields render again only when what they show changes (the panel renders on every keystroke; `onCommit` is read when called). */
const Field = memo(FieldInner, (before, after) => before.label === after.label && before.value === after.value && before.type === after.type && before.testId === after.testId && !before.select && !after.select);

function FieldInner({ label, value, onCommit: commit, type, testId, select, children }: FieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const latest = useRef(commit);
  latest.current = commit;
  const onCommit = (next: string) => latest.current(next);
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={text}
      type={type}
      select={select}
      onChange={(event) => {
        setText(event.target.value);
        if (select || type !== 'number' || event.target.value === '' || Number.isFinite(Number(event.target.value))) {
          typingField.current = select ? undefined : testId;
          try {
            onCommit(event.target.value);
          } finally {
            typingField.current = undefined;
          }
        }
      }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {children}
    </TextField>
  );
}

/** The three languages of one text, one below the other (a panel is too narrow for three texts side by side). */
function Texts({ node, field, onChange, idPrefix }: { node: { title?: string; 'x-i18n'?: SheetNode['x-i18n'] }; field: Text; onChange: (language: string, value: string) => void; idPrefix: string }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {LANGUAGES.map((language) => (
        <Field key={language} label={`${translate(field === 'title' ? 'SHEET_BUILDER.Label' : 'SHEET_BUILDER.Placeholder')} ${language.toUpperCase()}`} value={nodeText(node, field, language) ?? ''} onCommit={(value) => onChange(language, value)} testId={`${idPrefix}-${field}-${language}`} />
      ))}
    </Stack>
  );
}

const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));
function withValue<N extends object>(node: N, key: string, value: unknown): N {
  const next = { ...node } as Record<string, unknown>;
  if (value === undefined || value === '' || value === false) delete next[key];
  else next[key] = value;
  return next as N;
}

/** The item's key: renamed on Enter or when the field is left (a rename may rewrite conditions, so not per keystroke). */
const KeyField = memo(
  // `onRename` is the panel's stable callback (it calls the latest rename).
  function KeyField({ value, onRename }: { value: string; onRename: (key: string) => void }) {
    const translate = useTranslate();
    const [key, setKey] = useState(value);
    useEffect(() => setKey(value), [value]);
    return (
      <TextField
        size="small"
        label={translate('SHEET_BUILDER.Key')}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        onBlur={() => key !== value && onRename(key)}
        onKeyDown={(event) => event.key === 'Enter' && key !== value && onRename(key)}
        helperText={translate('SHEET_BUILDER.KeyHint')}
        slotProps={{ htmlInput: { 'data-testid': 'prop-key' } }}
      />
    );
  },
  (before, after) => before.value === after.value,
);

interface PropertyPanelProps {
  item: ModelItem;
  path: string;
  onNode: (change: (node: SheetNode) => SheetNode) => void;
  onUi: (change: (ui: Record<string, unknown>) => Record<string, unknown>) => void;
  onRename: (key: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  pickable: PickableControl[];
  whereUsed: React.ReactNode;
}

/** The properties the meta-schema allows for the selected item's kind, the condition in words and where it is used. */
export function PropertyPanel({ item, path, onNode, onUi, onRename, onDuplicate, onDelete, pickable, whereUsed }: PropertyPanelProps) {
  const translate = useTranslate();
  const node = item.node;
  // The rename of the latest render (it reads the builder's current model), behind one callback for the memoized key field.
  const renameRef = useRef(onRename);
  renameRef.current = onRename;
  const rename = useCallback((key: string) => renameRef.current(key), []);
  const control = item.kind === 'control' ? item : null;
  const tool = control?.tool;
  const isText = tool === 'text' || tool === 'textarea';
  const isNumber = tool === 'number' || tool === 'integer';
  const options: SheetOption[] | undefined = node.oneOf ?? node.items?.oneOf;
  // Changes of the options apply to the node as it is when they run (a field's callback may be from an earlier render).
  const setOptions = (next: SheetOption[] | ((options: SheetOption[]) => SheetOption[])) =>
    onNode((current) => {
      const list = typeof next === 'function' ? next(current.items?.oneOf ?? current.oneOf ?? []) : next;
      return current.items ? { ...current, items: { ...current.items, oneOf: list } } : { ...current, oneOf: list };
    });
  const widgets = control ? allowedWidgets(node) : [];

  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="property-panel">
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h2">
          {translate(item.kind === 'section' ? 'SHEET_BUILDER.SectionProperties' : `SHEET_BUILDER.Tool.${tool}`)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {path}
        </Typography>
        <KeyField value={item.key} onRename={rename} />
        <Texts node={node} field="title" onChange={(language, value) => onNode((current) => nodeWithText(current, 'title', language, value))} idPrefix="prop" />
        {(isText || isNumber || tool === 'dropdown') && <Texts node={node} field="x-placeholder" onChange={(language, value) => onNode((current) => nodeWithText(current, 'x-placeholder', language, value))} idPrefix="prop" />}
        {control && (
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            <FormControlLabel control={<Checkbox size="small" checked={!!node['x-required']} onChange={(event) => onNode((current) => withValue(current, 'x-required', event.target.checked))} slotProps={{ input: { 'data-testid': 'prop-required' } as object }} />} label={translate('SHEET_BUILDER.Required')} />
            <FormControlLabel control={<Checkbox size="small" checked={!!node.readOnly} onChange={(event) => onNode((current) => withValue(current, 'readOnly', event.target.checked))} />} label={translate('SHEET_BUILDER.ReadOnly')} />
          </Stack>
        )}
        {isNumber && (
          <Stack direction="row" spacing={1}>
            <Field label={translate('SHEET_BUILDER.Minimum')} type="number" value={node.minimum === undefined ? '' : String(node.minimum)} onCommit={(value) => onNode((current) => withValue(current, 'minimum', numberOrUndefined(value)))} testId="prop-minimum" />
            <Field label={translate('SHEET_BUILDER.Maximum')} type="number" value={node.maximum === undefined ? '' : String(node.maximum)} onCommit={(value) => onNode((current) => withValue(current, 'maximum', numberOrUndefined(value)))} testId="prop-maximum" />
            <Field label={translate('SHEET_BUILDER.Unit')} value={node['x-unit'] ?? ''} onCommit={(value) => onNode((current) => withValue(current, 'x-unit', value))} testId="prop-unit" />
          </Stack>
        )}
        {isText && (
          <Stack direction="row" spacing={1}>
            <Field label={translate('SHEET_BUILDER.Pattern')} value={node.pattern ?? ''} onCommit={(value) => onNode((current) => withValue(current, 'pattern', value))} testId="prop-pattern" />
            <Field label={translate('SHEET_BUILDER.MaxLength')} type="number" value={node.maxLength === undefined ? '' : String(node.maxLength)} onCommit={(value) => onNode((current) => withValue(current, 'maxLength', numberOrUndefined(value)))} testId="prop-maxlength" />
          </Stack>
        )}
        {control && tool !== 'blockTypeTable' && tool !== 'cclDeliverySchedule' && tool !== 'multi' && (
          <Field
            label={translate('SHEET_BUILDER.Default')}
            value={node.default === undefined ? '' : String(node.default)}
            onCommit={(value) => onNode((current) => withValue(current, 'default', value === '' ? undefined : current.type === 'boolean' ? value === 'true' : isNumber ? Number(value) : value))}
            testId="prop-default"
            select={tool === 'checkbox' || tool === 'exclusiveCheckbox' || !!options}
          >
            <MenuItem value="">{translate('SHEET_BUILDER.NoDefault')}</MenuItem>
            {(tool === 'checkbox' || tool === 'exclusiveCheckbox') && <MenuItem value="true">{translate('SHEET_BUILDER.Checked')}</MenuItem>}
            {options?.map((option) => (
              <MenuItem key={option.const} value={option.const}>
                {option.title}
              </MenuItem>
            ))}
          </Field>
        )}
        {tool === 'exclusiveCheckbox' && <Field label={translate('SHEET_BUILDER.Group')} value={node['x-group'] ?? ''} onCommit={(value) => onNode((current) => withValue(current, 'x-group', value))} testId="prop-group" />}
        {control && (
          <Stack direction="row" spacing={1}>
            <Field label={translate('SHEET_BUILDER.Width')} select value={node['x-fullWidth'] ? '12' : String(node['x-width'] ?? 6)} onCommit={(value) => onNode((current) => withValue(withValue(current, 'x-fullWidth', undefined), 'x-width', value === '6' ? undefined : Number(value)))} testId="prop-width">
              {[3, 4, 6, 8, 12].map((width) => (
                <MenuItem key={width} value={String(width)}>
                  {width}/12
                </MenuItem>
              ))}
            </Field>
            {widgets.length > 1 && (
              <Field label={translate('SHEET_BUILDER.Widget')} select value={String(control.ui?.['ui:widget'] ?? '')} onCommit={(value) => onUi((ui) => withValue(ui, 'ui:widget', value))} testId="prop-widget">
                <MenuItem value="">{translate('SHEET_BUILDER.DefaultWidget')}</MenuItem>
                {widgets.map((widget) => (
                  <MenuItem key={widget} value={widget}>
                    {translate(`SHEET_BUILDER.Widgets.${widget}`)}
                  </MenuItem>
                ))}
              </Field>
            )}
          </Stack>
        )}
        {options && (
          <Box data-testid="prop-options">
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {translate('SHEET_BUILDER.Options')}
            </Typography>
            <Stack spacing={1}>
              {options.map((option, index) => (
                <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid={`option-${index}`}>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1 }}>
                    <Field label={translate('SHEET_BUILDER.OptionValue')} value={option.const} onCommit={(value) => setOptions((list) => list.map((other, at) => (at === index ? { ...other, const: value } : other)))} testId={`option-${index}-value`} />
                    <IconButton size="small" disabled={index === 0} onClick={() => setOptions(options.map((other, at) => (at === index - 1 ? options[index] : at === index ? options[index - 1] : other)))} aria-label={translate('SHEET_BUILDER.OptionUp')}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" disabled={options.length < 2} onClick={() => setOptions(options.filter((_, at) => at !== index))} aria-label={translate('SHEET_BUILDER.OptionRemove')}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                  <Stack direction="row" spacing={0.5}>
                    {LANGUAGES.map((language) => (
                      <Field key={language} label={language.toUpperCase()} value={nodeText(option, 'title', language) ?? ''} onCommit={(value) => setOptions((list) => list.map((other, at) => (at === index ? nodeWithText(other, 'title', language, value) : other)))} testId={`option-${index}-${language}`} />
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => {
                const taken = new Set(options.map((option) => option.const));
                let n = options.length + 1;
                while (taken.has(`option${n}`)) n++;
                setOptions([...options, { const: `option${n}`, title: `Option ${n}` }]);
              }}
              data-testid="option-add"
            >
              {translate('SHEET_BUILDER.AddOption')}
            </Button>
          </Box>
        )}
        {control && <Divider />}
        {control && <ConditionEditor node={node} ownPath={path} pickable={pickable} onChange={(change) => onNode(change)} />}
        <Divider />
        {whereUsed}
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={onDuplicate} data-testid="item-duplicate">
            {translate('SHEET_BUILDER.Duplicate')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} data-testid="item-delete">
            {translate('SHEET_BUILDER.Delete')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
