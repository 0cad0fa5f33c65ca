import { isPlainObject, isSection } from './paths';
import type { SheetNode, SheetProblem, SheetSchema } from './types';

/** Translation keys of the uiSchema rules. */
export const UI_SCHEMA_MESSAGE = {
  notObject: 'QUESTIONNAIRE.Meta.UiSchemaObject',
  unknownControl: 'QUESTIONNAIRE.Definition.UiUnknownControl',
  unknownKeyword: 'QUESTIONNAIRE.Definition.UiUnknownKeyword',
  widget: 'QUESTIONNAIRE.Definition.UiWidget',
  field: 'QUESTIONNAIRE.Definition.UiField',
  options: 'QUESTIONNAIRE.Definition.UiOptions',
} as const;
const U = UI_SCHEMA_MESSAGE;

/** The uiSchema keywords the form kit reads. */
const CONTROL_KEYWORDS = ['ui:widget', 'ui:options', 'ui:field'];
const SECTION_KEYWORDS = ['ui:options'];
export const COMPONENT_FIELD = 'QuestionnaireComponent';

/** The widgets a control may name (rjsf's, as the form kit's theme offers them), by its JSON type. */
export function allowedWidgets(node: SheetNode): string[] {
  if (node['x-component']) return [];
  switch (node.type) {
    case 'boolean':
      return ['checkbox'];
    case 'number':
    case 'integer':
      return ['updown', 'text'];
    case 'array':
      return ['checkboxes', 'select'];
    case 'string':
      return node.oneOf ? ['select', 'radio'] : ['text', 'textarea'];
    default:
      return [];
  }
}

/**
 * What is wrong with a sheet's uiSchema (it was only checked to be an object): every entry names a section or control
 * of the schema, a control names a widget its kind has, `ui:field` only on components (and only theirs),
 * `ui:options` an object. Paths are JSON pointer segments into the uiSchema.
 */
export function uiSchemaProblems(schema: SheetSchema, uiSchema: unknown): SheetProblem[] {
  if (!isPlainObject(uiSchema)) return [{ path: [], key: U.notObject }];
  const problems: SheetProblem[] = [];
  const visitLevel = (node: SheetNode, ui: Record<string, unknown>, path: string[], keywords: string[]) => {
    const children = isPlainObject(node.properties) ? node.properties : {};
    for (const [key, value] of Object.entries(ui)) {
      const at = [...path, key];
      if (key.startsWith('ui:')) {
        if (!keywords.includes(key)) problems.push({ path: at, key: U.unknownKeyword, params: { field: key } });
        else if (key === 'ui:options' && !isPlainObject(value)) problems.push({ path: at, key: U.options });
        continue;
      }
      const child = children[key];
      if (!isPlainObject(child) || !isPlainObject(value)) {
        problems.push({ path: at, key: U.unknownControl, params: { field: key } });
        continue;
      }
      if (isSection(child)) visitLevel(child, value, at, SECTION_KEYWORDS);
      else visitControl(child, value, at);
    }
  };
  const visitControl = (node: SheetNode, ui: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(ui)) {
      const at = [...path, key];
      if (!CONTROL_KEYWORDS.includes(key)) problems.push({ path: at, key: U.unknownKeyword, params: { field: key } });
      else if (key === 'ui:options' && !isPlainObject(value)) problems.push({ path: at, key: U.options });
      else if (key === 'ui:field' && (value !== COMPONENT_FIELD || !node['x-component'])) problems.push({ path: at, key: U.field });
      else if (key === 'ui:widget' && !allowedWidgets(node).includes(String(value))) {
        problems.push({ path: at, key: U.widget, params: { widget: String(value), allowed: allowedWidgets(node).join(', ') || '–' } });
      }
    }
  };
  visitLevel(schema, uiSchema, [], SECTION_KEYWORDS);
  return problems;
}
