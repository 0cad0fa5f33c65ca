import { Button, Stack, TextField, Typography } from '@mui/material';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import workflowSchema from '../../../schemas/workflow.schema.json';
import { LANGUAGES } from '../../domain/languages';
import type { LocalText, WorkflowDefinition, WorkflowLabels, WorkflowState, WorkflowTransition } from '../../domain/workflow';
import { SchemaForm } from '../../forms/SchemaForm';

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
  if (picked.task) {
    const task = picked.task as unknown as { properties: Record<string, Json> };
    for (const name of Object.keys(task.properties)) task.properties[name] = { ...task.properties[name], title: `WORKFLOW.Editor.Fields.${name}` };
  }
  return { type: 'object', properties: picked } as RJSFSchema;
}

const STATE_SCHEMA = panelSchema('state', ['initial', 'final', 'task']);
const TRANSITION_SCHEMA = panelSchema('transition', ['roles', 'requirements', 'guards', 'message', 'secondary', 'rootOnly']);
const STATE_UI: UiSchema = { task: { roles: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } } } };
const TRANSITION_UI: UiSchema = { roles: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } }, guards: { 'ui:widget': 'checkboxes' } };

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
export function PropertyPanel({ definition, state, transition, onStateChange, onTransitionChange, onRenameState, onRenameAction, onLabel, onRemove }: PanelProps) {
  const translate = useTranslate();
  if (!state && !transition) return <Typography variant="body2">{translate('WORKFLOW.Editor.SelectHint')}</Typography>;
  return (
    <Stack spacing={2} data-testid="property-panel">
      {state && (
        <>
          <KeyField label={translate('WORKFLOW.Editor.Fields.key')} value={state.key} onRename={onRenameState} />
          <LabelFields kind="states" name={state.key} labels={definition.labels} onLabel={onLabel} />
          <SchemaForm
            schema={STATE_SCHEMA}
            uiSchema={{ ...STATE_UI, 'ui:submitButtonOptions': { norender: true } }}
            formData={{ initial: state.initial, final: state.final, task: state.task }}
            noValidate
            onChange={(event) => {
              const data = event.formData as Pick<WorkflowState, 'initial' | 'final' | 'task'>;
              onStateChange({ initial: data.initial || undefined, final: data.final || undefined, task: data.task?.taskKey ? { ...data.task, roles: data.task.roles ?? [] } : undefined });
            }}
          />
          {state.task?.taskKey && <LabelFields kind="tasks" name={state.task.taskKey} labels={definition.labels} onLabel={onLabel} />}
        </>
      )}
      {transition && (
        <>
          <KeyField label={translate('WORKFLOW.Editor.Fields.action')} value={transition.action} onRename={onRenameAction} />
          <Typography variant="body2">{`${transition.from.map((from) => (from === '*' ? translate('WORKFLOW.Editor.AnyState') : from)).join(', ')} → ${transition.to}`}</Typography>
          <LabelFields kind="actions" name={transition.action} labels={definition.labels} onLabel={onLabel} />
          <SchemaForm
            schema={TRANSITION_SCHEMA}
            uiSchema={{ ...TRANSITION_UI, 'ui:submitButtonOptions': { norender: true } }}
            formData={transition}
            noValidate
            onChange={(event) => {
              const data = event.formData as WorkflowTransition;
              onTransitionChange({ roles: data.roles ?? [], requirements: data.requirements?.length ? data.requirements : undefined, guards: data.guards?.length ? data.guards : undefined, message: data.message, secondary: data.secondary || undefined, rootOnly: data.rootOnly || undefined });
            }}
          />
          {(transition.effects ?? []).map((effect, index) => (
            <Typography key={index} variant="caption">
              {translate('WORKFLOW.Editor.Effect')}: {effect.type === 'move-units' ? `${effect.unitTypes.join(', ')}: ${effect.fromStates.join(', ')} → ${effect.to}` : effect.type}
            </Typography>
          ))}
        </>
      )}
      <Button color="error" variant="outlined" onClick={onRemove}>
        {translate('WORKFLOW.Editor.Remove')}
      </Button>
    </Stack>
  );
}
