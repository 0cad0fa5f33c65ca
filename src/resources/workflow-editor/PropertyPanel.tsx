import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import workflowSchema from '../../../schemas/workflow.schema.json';
import { LANGUAGES } from '../../domain/languages';
import { UNIT_TYPES } from '../../domain/projectUnits';
import type { LocalText, WorkflowDefinition, WorkflowLabels, WorkflowState, WorkflowTransition } from '../../domain/workflow';
import { SchemaForm } from '../../forms/SchemaForm';
import { roleLabel } from './roleLabel';

type Json = Record<string, unknown>;
const definitions = (workflowSchema as unknown as { definitions: Record<string, Json> }).definitions;

/** The schema's `$ref`s resolved (rjsf then needs no validator to read it: the CSP allows no compiled ajv). */
function deref(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(deref);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') return deref(definitions[ref.replace('#/definitions/', '')]);
  return Object.fromEntries(Object.entries(node as Json).map(([key, value]) => [key, deref(value)]));
}

/** A part of a definition's schema: the named properties of `state` or `transition`, titled with translation keys. */
function panelSchema(of: 'state' | 'transition', names: string[]): RJSFSchema {
  const properties = (deref(definitions[of]) as { properties: Record<string, Json> }).properties;
  const picked = Object.fromEntries(names.map((name) => [name, { ...properties[name], title: `WORKFLOW.Editor.Fields.${name}` }]));
  if (picked.effects) {
    // The effect kinds named for the kind picker; their fields titled like the others.
    const items = (picked.effects as unknown as { items: { oneOf: { title?: string; properties: Record<string, Json & { const?: string }> }[] } }).items;
    for (const variant of items.oneOf) {
      variant.title = `WORKFLOW.Editor.Effects.${variant.properties.type.const}`;
      for (const name of Object.keys(variant.properties))
        variant.properties[name] = name === 'type' ? { ...variant.properties[name], default: variant.properties[name].const } : { ...variant.properties[name], title: `WORKFLOW.Editor.Fields.${name}` };
    }
  }
  if (picked.task) {
    const task = picked.task as unknown as { properties: Record<string, Json> };
    for (const name of Object.keys(task.properties)) task.properties[name] = { ...task.properties[name], title: `WORKFLOW.Editor.Fields.${name}` };
  }
  return { type: 'object', properties: picked } as RJSFSchema;
}

const STATE_SCHEMA = panelSchema('state', ['initial', 'final', 'task']);
const TRANSITION_SCHEMA = panelSchema('transition', ['roles', 'requirements', 'guards', 'message', 'secondary', 'rootOnly', 'effects']);
const ROLE_NAMES = (definitions.roles as { items: { enum: string[] } }).items.enum;

/** Role pickers as checkboxes named in the user's language. */
function useUiSchemas() {
  const translate = useTranslate();
  return useMemo(() => {
    const roles = { 'ui:widget': 'checkboxes', 'ui:options': { inline: true }, items: { 'ui:enumNames': ROLE_NAMES.map((role) => roleLabel(translate, role)) } };
    return {
      state: { task: { roles }, 'ui:submitButtonOptions': { norender: true } } as UiSchema,
      transition: {
        roles,
        guards: { 'ui:widget': 'checkboxes' },
        effects: { items: { type: { 'ui:widget': 'hidden' }, scope: { 'ui:enumNames': [translate('WORKFLOW.Editor.Scope.root'), translate('WORKFLOW.Editor.Scope.children')] }, unitTypes: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true }, items: { 'ui:enumNames': UNIT_TYPES.map((type) => translate(`PROJECTUNIT.Type.${type}`, { _: type })) } } } },
        'ui:submitButtonOptions': { norender: true },
      } as UiSchema,
    };
  }, [translate]);
}

/** A new transition from the selected state, for keyboards and small screens (the canvas also takes a dragged edge). */
function AddTransition({ from, targets, labelOf, onAdd }: { from: string; targets: string[]; labelOf: (key: string) => string; onAdd: (from: string, to: string) => void }) {
  const translate = useTranslate();
  const [to, setTo] = useState('');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField select size="small" sx={{ flex: 1 }} label={translate('WORKFLOW.Editor.TransitionTo')} value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'add-transition-target' } }}>
        {targets.map((key) => (
          <MenuItem key={key} value={key}>
            {labelOf(key)}
          </MenuItem>
        ))}
      </TextField>
      <Button disabled={!to} onClick={() => { onAdd(from, to); setTo(''); }} data-testid="add-transition">
        {translate('WORKFLOW.Editor.AddTransition')}
      </Button>
    </Stack>
  );
}

/** A key field that applies on leaving it (a rename touches every place that names the key). */
function KeyField({ label, value, onRename }: { label: string; value: string; onRename: (key: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(text);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      error={!valid}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => valid && text !== value && onRename(text)}
      onKeyDown={(event) => event.key === 'Enter' && valid && text !== value && onRename(text)}
    />
  );
}

function LabelFields({ kind, name, labels, onLabel }: { kind: keyof WorkflowLabels; name: string; labels?: WorkflowLabels; onLabel: (kind: keyof WorkflowLabels, key: string, language: keyof LocalText, text: string) => void }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {LANGUAGES.map((language) => (
        <TextField
          key={language}
          size="small"
          label={translate(`WORKFLOW.Editor.Label.${kind}`, { language: language.toUpperCase() })}
          value={labels?.[kind]?.[name]?.[language] ?? ''}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': `label-${kind}-${language}` } }}
          onChange={(event) => onLabel(kind, name, language, event.target.value)}
        />
      ))}
    </Stack>
  );
}

export interface PanelProps {
  definition: WorkflowDefinition;
  /** The state keys of the view (targets of a new transition). */
  viewStates: string[];
  labelOf: (kind: 'states' | 'actions', key: string) => string;
  onAddTransition: (from: string, to: string) => void;
  state?: WorkflowState;
  transition?: WorkflowTransition;
  onStateChange: (patch: Partial<WorkflowState>) => void;
  onTransitionChange: (patch: Partial<WorkflowTransition>) => void;
  onRenameState: (key: string) => void;
  onRenameAction: (key: string) => void;
  onLabel: (kind: keyof WorkflowLabels, key: string, language: keyof LocalText, text: string) => void;
  onRemove: () => void;
}

/** The selected state's or transition's properties, rendered from workflow.schema.json, with its labels in de/en/nl. */
export function PropertyPanel({ definition, viewStates, labelOf, onAddTransition, state, transition, onStateChange, onTransitionChange, onRenameState, onRenameAction, onLabel, onRemove }: PanelProps) {
  const translate = useTranslate();
  const ui = useUiSchemas();
  if (!state && !transition) return <Typography variant="body2">{translate('WORKFLOW.Editor.SelectHint')}</Typography>;
  return (
    <Stack spacing={2} data-testid="property-panel">
      {state && (
        <>
          <KeyField label={translate('WORKFLOW.Editor.Fields.key')} value={state.key} onRename={onRenameState} />
          <LabelFields kind="states" name={state.key} labels={definition.labels} onLabel={onLabel} />
          <SchemaForm
            schema={STATE_SCHEMA}
            uiSchema={ui.state}
            formData={{ initial: state.initial, final: state.final, task: state.task }}
            noValidate
            onChange={(event) => {
              const data = event.formData as Pick<WorkflowState, 'initial' | 'final' | 'task'>;
              onStateChange({ initial: data.initial || undefined, final: data.final || undefined, task: data.task?.taskKey ? { ...data.task, roles: data.task.roles ?? [] } : undefined });
            }}
          />
          {state.task?.taskKey && <LabelFields kind="tasks" name={state.task.taskKey} labels={definition.labels} onLabel={onLabel} />}
          {!state.final && <AddTransition from={state.key} targets={viewStates.filter((key) => key !== state.key)} labelOf={(key) => labelOf('states', key)} onAdd={onAddTransition} />}
        </>
      )}
      {transition && (
        <>
          <KeyField label={translate('WORKFLOW.Editor.Fields.action')} value={transition.action} onRename={onRenameAction} />
          <Typography variant="body2" data-testid="transition-path">{`${transition.from.map((from) => (from === '*' ? translate('WORKFLOW.Editor.AnyState') : labelOf('states', from))).join(', ')} → ${labelOf('states', transition.to)}`}</Typography>
          <LabelFields kind="actions" name={transition.action} labels={definition.labels} onLabel={onLabel} />
          <SchemaForm
            schema={TRANSITION_SCHEMA}
            uiSchema={ui.transition}
            formData={transition}
            noValidate
            onChange={(event) => {
              const data = event.formData as WorkflowTransition;
              onTransitionChange({ roles: data.roles ?? [], requirements: data.requirements?.length ? data.requirements : undefined, guards: data.guards?.length ? data.guards : undefined, message: data.message, secondary: data.secondary || undefined, rootOnly: data.rootOnly || undefined, effects: data.effects?.length ? data.effects : undefined });
            }}
          />
        </>
      )}
      <Button color="error" variant="outlined" onClick={onRemove}>
        {translate('WORKFLOW.Editor.Remove')}
      </Button>
    </Stack>
  );
}
