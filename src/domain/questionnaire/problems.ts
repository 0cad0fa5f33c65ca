import { activeSheets, controlIsEnabled, isTruthy, schemaOf, type SheetLike } from './activation';
import { getAt, isEmptyValue, isPlainObject, isSection, sheetDataOf, sheetNameOf, walkControls } from './paths';
import { QUESTIONNAIRE_MESSAGE as M, type QuestionnaireAnswers, type SheetNode, type SheetProblem } from './types';

/** Whether a value has the JSON type its node declares (nested arrays and objects of components included). */
export function matchesType(node: SheetNode, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (node.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value) && (!node.items || value.every((item) => item !== null && matchesType(node.items!, item)));
    case 'object': {
      if (!isPlainObject(value)) return false;
      const properties = node.properties ?? {};
      return Object.entries(value).every(([key, item]) =>
        properties[key] ? matchesType(properties[key], item) : node.additionalProperties !== false,
      );
    }
    default:
      return true;
  }
}

const patternCache = new Map<string, RegExp | null>();
function compiledPattern(pattern: string): RegExp | null {
  if (!patternCache.has(pattern)) {
    try {
      patternCache.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      patternCache.set(pattern, null);
    }
  }
  return patternCache.get(pattern)!;
}

/** The rules of one control's value (it is enabled and has the right type). */
function valueProblems(control: SheetNode, value: unknown): Omit<SheetProblem, 'path'>[] {
  if (control['x-required'] && isEmptyValue(value)) return [{ key: M.required }];
  if (value === undefined || value === null || value === '') return [];
  const problems: Omit<SheetProblem, 'path'>[] = [];
  if (typeof value === 'string') {
    const pattern = control.pattern ? compiledPattern(control.pattern) : null;
    if (pattern && !pattern.test(value)) problems.push({ key: M.pattern });
    if (control.maxLength !== undefined && [...value].length > control.maxLength) problems.push({ key: M.tooLong, params: { max: control.maxLength } });
    if (control.oneOf?.length && !control.oneOf.some((option) => option.const === value)) problems.push({ key: M.notAnOption });
  }
  if (typeof value === 'number') {
    if (control.minimum !== undefined && value < control.minimum) problems.push({ key: M.minimum, params: { min: control.minimum } });
    if (control.maximum !== undefined && value > control.maximum) problems.push({ key: M.maximum, params: { max: control.maximum } });
  }
  if (Array.isArray(value) && control.items?.oneOf?.length) {
    const options = control.items.oneOf;
    if (value.some((item) => !options.some((option) => option.const === item))) problems.push({ key: M.notAnOption });
  }
  return problems;
}

/** Answers under a section that the sheet does not define. */
function unknownFields(node: SheetNode, data: unknown, path: string[]): SheetProblem[] {
  if (!isPlainObject(data)) return [];
  const properties = node.properties ?? {};
  return Object.entries(data).flatMap(([key, value]) => {
    const child = properties[key];
    if (!child) return [{ path: [...path, key], key: M.unknownField }];
    return isSection(child) ? unknownFields(child, value, [...path, key]) : [];
  });
}

/**
 * Every rule the answers of one sheet break (spec §5 Questionnaire): required, pattern (empty passes), required
 * groups, exclusive groups, minimum/maximum, length, options and JSON types. Disabled controls have no rules. Pure
 * code (no ajv), so the page runs it in the browser; the server runs it beside its ajv check.
 */
export function sheetProblems(sheet: SheetLike, answers: QuestionnaireAnswers): SheetProblem[] {
  const schema = schemaOf(sheet);
  const name = sheetNameOf(schema);
  const data = sheetDataOf(schema, answers);
  const problems: SheetProblem[] = isPlainObject(answers[name]) || answers[name] === undefined ? unknownFields(schema, data, [name]) : [{ path: [name], key: M.wrongType }];
  const requiredGroups = new Map<string, { path: string[]; truthy: boolean }[]>();
  const exclusiveGroups = new Map<string, string[][]>();
  for (const { path, control } of walkControls(schema)) {
    if (!controlIsEnabled(control, answers)) continue;
    const fullPath = [name, ...path];
    const value = getAt(data, path);
    if (!matchesType(control, value)) {
      problems.push({ path: fullPath, key: M.wrongType });
      continue;
    }
    if (!control.readOnly) problems.push(...valueProblems(control, value).map((problem) => ({ path: fullPath, ...problem })));
    const requiredGroup = control['x-requiredGroup'];
    if (requiredGroup) requiredGroups.set(requiredGroup, [...(requiredGroups.get(requiredGroup) ?? []), { path: fullPath, truthy: isTruthy(value) }]);
    const group = control['x-group'];
    if (group && value === true) exclusiveGroups.set(group, [...(exclusiveGroups.get(group) ?? []), fullPath]);
  }
  for (const [group, members] of requiredGroups) {
    if (!members.some((member) => member.truthy)) problems.push(...members.map((member) => ({ path: member.path, key: M.requiredGroup, params: { group } })));
  }
  for (const [group, checked] of exclusiveGroups) {
    if (checked.length > 1) problems.push(...checked.map((path) => ({ path, key: M.exclusiveGroup, params: { group } })));
  }
  return problems;
}

export interface QuestionnaireValidity {
  isValid: boolean;
  /** Per sheet name: valid, or not active (an inactive sheet does not count). */
  sheets: Record<string, boolean>;
}

/** Whether the questionnaire is complete: every active sheet without problems. */
export function questionnaireValidity(sheets: readonly SheetLike[], answers: QuestionnaireAnswers): QuestionnaireValidity {
  const active = new Set(activeSheets(sheets, answers).map((sheet) => sheetNameOf(schemaOf(sheet))));
  const result: Record<string, boolean> = {};
  for (const sheet of sheets) {
    const name = sheetNameOf(schemaOf(sheet));
    result[name] = !active.has(name) || sheetProblems(sheet, answers).length === 0;
  }
  return { isValid: Object.values(result).every(Boolean), sheets: result };
}
