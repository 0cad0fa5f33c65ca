import { memo } from 'react';
import { Autocomplete, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { conditionsOf, withCondition, type Condition } from '../../../domain/questionnaire/builder';
import type { SheetNode, SheetOption } from '../../../domain/questionnaire';

/** A control a condition may name: a checkbox ("is checked") or one with options ("is <option>"). */
export interface PickableControl {
  path: string;
  label: string;
  /** The sheet's title, for controls of other sheets. */
  sheet: string;
  options?: SheetOption[];
}

const CHECKED = '__checked';

/**
 * The condition of a control in words: "Show this when [control] is checked" or "… is [option]". The pickers offer
 * only controls (and their options) of the sheet set; the control itself is left out.
 */
interface ConditionEditorProps {
  node: SheetNode;
  ownPath: string;
  pickable: PickableControl[];
  /** Applied to the node as it is when it runs: an earlier render's callback is as good as the latest. */
  onChange: (change: (node: SheetNode) => SheetNode) => void;
}

/** Renders again only when the condition, the control's path or the pickers change (not on a label keystroke). */
export const ConditionEditor = memo(
  ConditionEditorInner,
  (before, after) =>
    before.ownPath === after.ownPath &&
    before.pickable === after.pickable &&
    before.node['x-activeIf'] === after.node['x-activeIf'] &&
    before.node['x-activationPaths'] === after.node['x-activationPaths'],
);

function ConditionEditorInner({ node, ownPath, pickable, onChange }: ConditionEditorProps) {
  const translate = useTranslate();
  const [condition] = conditionsOf(node);
  const choices = pickable.filter((control) => control.path !== ownPath);
  const target = condition ? choices.find((control) => control.path === condition.path) ?? null : null;
  const set = (next: Condition | null) => onChange((current) => withCondition(current, next));
  return (
    <Stack spacing={1} data-testid="condition-editor">
      <Typography variant="subtitle2" component="h3">
        {translate('SHEET_BUILDER.Condition')}
      </Typography>
      <Typography variant="body2">{translate('SHEET_BUILDER.ShowWhen')}</Typography>
      <Autocomplete
        size="small"
        options={choices}
        value={target}
        groupBy={(control) => control.sheet}
        getOptionLabel={(control) => control.label}
        isOptionEqualToValue={(a, b) => a.path === b.path}
        onChange={(_, control) => set(control ? (control.options ? { kind: 'equals', path: control.path, equals: control.options[0].const } : { kind: 'checked', path: control.path }) : null)}
        data-testid="condition-control"
        renderInput={(params) => <TextField {...params} label={translate('SHEET_BUILDER.ConditionControl')} />}
      />
      {target && (
        <TextField
          select
          size="small"
          label={translate('SHEET_BUILDER.ConditionIs')}
          value={condition?.kind === 'equals' ? String(condition.equals) : CHECKED}
          onChange={(event) => set(event.target.value === CHECKED ? { kind: 'checked', path: target.path } : { kind: 'equals', path: target.path, equals: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'condition-value' } }}
        >
          {!target.options && <MenuItem value={CHECKED}>{translate('SHEET_BUILDER.IsChecked')}</MenuItem>}
          {target.options?.map((option) => (
            <MenuItem key={option.const} value={option.const}>
              {option.title}
            </MenuItem>
          ))}
        </TextField>
      )}
      {condition && !target && (
        <Typography variant="body2" color="error">
          {translate('SHEET_BUILDER.ConditionDangling', { path: condition.path })}
        </Typography>
      )}
      {condition && (
        <Button size="small" onClick={() => set(null)} sx={{ alignSelf: 'flex-start' }} data-testid="condition-remove">
          {translate('SHEET_BUILDER.RemoveCondition')}
        </Button>
      )}
    </Stack>
  );
}
