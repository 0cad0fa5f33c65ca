import { getAt, isEmptyValue, isPlainObject, setAt, sheetNameOf, splitPath, walkControls } from './paths';
import type { ActivationPath, QuestionnaireAnswers, SheetData, SheetNode, SheetSchema, SheetVersion } from './types';

export type SheetLike = SheetSchema | SheetVersion;

/** The schema of a sheet given as schema or as a stored version. */
export function schemaOf(sheet: SheetLike): SheetSchema {
  return 'schema' in sheet && isPlainObject(sheet.schema) && 'x-sheet' in sheet.schema ? (sheet as SheetVersion).schema : (sheet as SheetSchema);
}

/** Truthy as the activation rules read it: not empty and not 0. */
export function isTruthy(value: unknown): boolean {
  return !isEmptyValue(value) && value !== 0;
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => valuesEqual(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => valuesEqual(a[key], b[key]));
  }
  return false;
}

/** One activation path against the answers: `equals` given → equal (or contained, for a multi select), else truthy. */
export function activationMatches(activation: ActivationPath, answers: QuestionnaireAnswers): boolean {
  const value = getAt(answers, activation.path);
  if (activation.equals === undefined) return isTruthy(value);
  if (Array.isArray(value)) return value.some((item) => valuesEqual(item, activation.equals));
  return valuesEqual(value, activation.equals);
}

/**
 * A control is enabled unless its `x-activeIf` checkbox is unchecked or none of its `x-activationPaths` matches
 * (both given: both must hold).
 */
export function controlIsEnabled(control: SheetNode, answers: QuestionnaireAnswers): boolean {
  const activeIf = control['x-activeIf'];
  if (activeIf && getAt(answers, activeIf) !== true) return false;
  const paths = control['x-activationPaths'];
  if (paths?.length && !paths.some((activation) => activationMatches(activation, answers))) return false;
  return true;
}

/** A sheet is shown (and counts) when it has no activation paths or one of them matches. */
export function sheetIsActive(sheet: SheetLike, answers: QuestionnaireAnswers): boolean {
  const paths = schemaOf(sheet)['x-activationPaths'];
  return !paths?.length || paths.some((activation) => activationMatches(activation, answers));
}

export function activeSheets<S extends SheetLike>(sheets: readonly S[], answers: QuestionnaireAnswers): S[] {
  return sheets.filter((sheet) => sheetIsActive(sheet, answers));
}

export function activeSheetCount(sheets: readonly SheetLike[], answers: QuestionnaireAnswers): number {
  return activeSheets(sheets, answers).length;
}

/**
 * The answers with the sheet's disabled controls back to their default (or removed when there is none). Repeated
 * until nothing changes, since resetting one checkbox can disable the controls that depend on it.
 */
export function resetDisabled(sheet: SheetLike, answers: QuestionnaireAnswers): QuestionnaireAnswers {
  const schema = schemaOf(sheet);
  const name = sheetNameOf(schema);
  const controls = walkControls(schema);
  let current = answers;
  for (let round = 0; round <= controls.length; round++) {
    if (!isPlainObject(current[name])) return current;
    let changed = false;
    for (const { path, control } of controls) {
      if (controlIsEnabled(control, current)) continue;
      const value = getAt(current, [name, ...path]);
      if (value === undefined || valuesEqual(value, control.default)) continue;
      current = setAt(current, [name, ...path], control.default);
      changed = true;
    }
    if (!changed) return current;
  }
  return current;
}

/** `resetDisabled` over several sheets (activation paths may point into other sheets) until nothing changes. */
export function resetDisabledAll(sheets: readonly SheetLike[], answers: QuestionnaireAnswers): QuestionnaireAnswers {
  let current = answers;
  for (let round = 0; round <= sheets.length; round++) {
    const before = current;
    for (const sheet of sheets) current = resetDisabled(sheet, current);
    if (current === before) return current;
  }
  return current;
}

/**
 * The answers without the sheets that are switched off (their answers would still count in materials and
 * validity). Repeated, since a sheet's answers can be what activates another.
 */
export function withoutInactiveSheets(sheets: readonly SheetLike[], answers: QuestionnaireAnswers): QuestionnaireAnswers {
  let current = answers;
  for (let round = 0; round <= sheets.length; round++) {
    const off = sheets.map((sheet) => sheetNameOf(schemaOf(sheet))).filter((name, index) => current[name] !== undefined && !sheetIsActive(sheets[index], current));
    if (!off.length) return current;
    current = Object.fromEntries(Object.entries(current).filter(([name]) => !off.includes(name)));
  }
  return current;
}

/**
 * After a checkbox of an exclusive group (`x-group`) was checked: the group's other checkboxes in the sheet are
 * unchecked. `changedPath` runs within the sheet's data (a leading sheet name is accepted too).
 */
export function applyExclusiveGroup(sheet: SheetLike, sheetData: SheetData, changedPath: string | readonly string[]): SheetData {
  const schema = schemaOf(sheet);
  let path = splitPath(changedPath);
  if (path[0] === sheetNameOf(schema) && !schema.properties[path[0]]) path = path.slice(1);
  const controls = walkControls(schema);
  const changed = controls.find((entry) => entry.path.join('.') === path.join('.'));
  const group = changed?.control['x-group'];
  if (!changed || !group || getAt(sheetData, path) !== true) return sheetData;
  let result = sheetData;
  for (const other of controls) {
    if (other === changed || other.control['x-group'] !== group || getAt(result, other.path) !== true) continue;
    result = setAt(result, other.path, false);
  }
  return result;
}
