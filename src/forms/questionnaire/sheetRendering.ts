import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { controlIsEnabled, getAt, isPlainObject, isSection, walkControls, type QuestionnaireAnswers, type SheetNode, type SheetSchema, type SheetUiSchema } from '../../domain/questionnaire';

/** The uiSchema names of the questionnaire's own widget and field (registered in formRegistry). */
export const QUESTIONNAIRE_NUMBER_WIDGET = 'QuestionnaireNumber';
export const QUESTIONNAIRE_COMPONENT_FIELD = 'QuestionnaireComponent';

/**
 * The copy of a (localized) sheet the form renders: `x-required` controls listed in their section's `required`, so
 * that their labels carry the asterisk (the rules themselves are the domain's, the form does not validate).
 */
export function renderedSheetSchema(schema: SheetSchema): RJSFSchema {
  const walk = (node: SheetNode): SheetNode => {
    if (!isSection(node) || !node.properties) return node;
    const properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, walk(child)]));
    const required = Object.entries(node.properties).filter(([, child]) => !isSection(child) && child['x-required']).map(([name]) => name);
    return { ...node, properties, ...(required.length ? { required } : {}) };
  };
  return walk(schema) as RJSFSchema;
}

/** The dot paths (within the sheet's data) of the controls that are disabled for these answers, joined: a cheap, comparable key. */
export function disabledControlsKey(schema: SheetSchema, answers: QuestionnaireAnswers): string {
  return walkControls(schema)
    .filter(({ control }) => !controlIsEnabled(control, answers))
    .map(({ path }) => path.join('.'))
    .join('|');
}

function controlUi(control: SheetNode, given: Record<string, unknown>, disabled: boolean): Record<string, unknown> {
  const ui: Record<string, unknown> = { ...given };
  if (control['x-placeholder'] && ui['ui:placeholder'] === undefined) ui['ui:placeholder'] = control['x-placeholder'];
  if ((control.type === 'number' || control.type === 'integer') && ui['ui:widget'] === undefined) ui['ui:widget'] = QUESTIONNAIRE_NUMBER_WIDGET;
  if (control['x-component'] && ui['ui:field'] === undefined) ui['ui:field'] = QUESTIONNAIRE_COMPONENT_FIELD;
  // Multiple choices side by side (a column of nine wall thicknesses is hard to scan), unless the uiSchema says otherwise.
  if (control.type === 'array' && ui['ui:widget'] === 'checkboxes') {
    const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
    if (options.inline === undefined) ui['ui:options'] = { ...options, inline: true };
  }
  if (disabled) ui['ui:disabled'] = true;
  return ui;
}

/**
 * The sheet's uiSchema as the form uses it: the configurer's (widgets, rows …) plus what the sheet's keywords say —
 * placeholders, the number widget with its unit, the component field, and the controls disabled by activeIf or
 * activation paths. Built again only when the set of disabled controls changes (`disabledKey`).
 */
export function sheetUiSchema(schema: SheetSchema, uiSchema: SheetUiSchema | undefined, disabledKey: string): UiSchema {
  const disabled = new Set(disabledKey ? disabledKey.split('|') : []);
  const given = isPlainObject(uiSchema) ? uiSchema : {};
  const result: Record<string, unknown> = { ...given, 'ui:submitButtonOptions': { norender: true } };
  for (const { path, control } of walkControls(schema)) {
    let node = result;
    for (const segment of path.slice(0, -1)) {
      node[segment] = isPlainObject(node[segment]) ? { ...(node[segment] as Record<string, unknown>) } : {};
      node = node[segment] as Record<string, unknown>;
    }
    const own = getAt(given, path);
    node[path[path.length - 1]] = controlUi(control, isPlainObject(own) ? own : {}, disabled.has(path.join('.')));
  }
  return result as UiSchema;
}
