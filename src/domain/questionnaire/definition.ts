import { matchesType } from './problems';
import { isPlainObject, isSection, sheetNameOf, splitPath } from './paths';
import type { ActivationPath, SheetNode, SheetProblem, SheetSchema } from './types';

/** Translation keys of the definition rules the meta-schema cannot express. */
export const DEFINITION_MESSAGE = {
  unknownPath: 'QUESTIONNAIRE.Definition.UnknownPath',
  activeIfNotCheckbox: 'QUESTIONNAIRE.Definition.ActiveIfNotCheckbox',
  selfReference: 'QUESTIONNAIRE.Definition.SelfReference',
  selfActivation: 'QUESTIONNAIRE.Definition.SelfActivation',
  equalsNotAnOption: 'QUESTIONNAIRE.Definition.EqualsNotAnOption',
  invalidPattern: 'QUESTIONNAIRE.Definition.InvalidPattern',
  invalidDefault: 'QUESTIONNAIRE.Definition.InvalidDefault',
  duplicateOption: 'QUESTIONNAIRE.Definition.DuplicateOption',
  minAboveMax: 'QUESTIONNAIRE.Definition.MinAboveMax',
  groupNotCheckbox: 'QUESTIONNAIRE.Definition.GroupNotCheckbox',
  groupTooSmall: 'QUESTIONNAIRE.Definition.GroupTooSmall',
  groupAcrossSections: 'QUESTIONNAIRE.Definition.GroupAcrossSections',
} as const;
const D = DEFINITION_MESSAGE;

interface DefinedControl {
  /** JSON pointer segments of the control in the schema document. */
  pointer: string[];
  /** Dot path over the whole answers. */
  dotPath: string;
  sectionPointer: string;
  control: SheetNode;
}

function definedControls(schema: SheetSchema): DefinedControl[] {
  const sheet = sheetNameOf(schema);
  const result: DefinedControl[] = [];
  const visit = (node: SheetNode, pointer: string[], dataPath: string[]) => {
    for (const [name, child] of Object.entries(isPlainObject(node.properties) ? node.properties : {})) {
      if (!isPlainObject(child)) continue;
      const childPointer = [...pointer, 'properties', name];
      if (isSection(child)) visit(child, childPointer, [...dataPath, name]);
      else result.push({ pointer: childPointer, dotPath: [sheet, ...dataPath, name].join('.'), sectionPointer: pointer.join('/'), control: child });
    }
  };
  visit(schema, [], []);
  return result;
}

/** The control a dot path names: in this sheet, or in one of the other sheets when they are given. */
function resolvePath(path: string, own: SheetSchema, ownControls: DefinedControl[], others: readonly SheetSchema[]): SheetNode | null | 'unchecked' {
  const [sheet] = splitPath(path);
  if (sheet === sheetNameOf(own)) return ownControls.find((entry) => entry.dotPath === path)?.control ?? null;
  const other = others.find((candidate) => sheetNameOf(candidate) === sheet);
  if (!other) return others.length ? null : 'unchecked';
  return definedControls(other).find((entry) => entry.dotPath === path)?.control ?? null;
}

function activationProblems(paths: ActivationPath[] | undefined, at: string[], resolve: (path: string) => SheetNode | null | 'unchecked'): SheetProblem[] {
  if (!Array.isArray(paths)) return [];
  return paths.flatMap((activation, index): SheetProblem[] => {
    const target = resolve(activation.path);
    const pointer = [...at, 'x-activationPaths', String(index)];
    if (target === null) return [{ path: [...pointer, 'path'], key: D.unknownPath, params: { path: activation.path } }];
    if (target === 'unchecked' || activation.equals === undefined) return [];
    const options = target.oneOf ?? target.items?.oneOf;
    if (options?.length && !options.some((option) => option.const === activation.equals)) {
      return [{ path: [...pointer, 'equals'], key: D.equalsNotAnOption, params: { value: String(activation.equals) } }];
    }
    return [];
  });
}

function controlProblems(entry: DefinedControl, resolve: (path: string) => SheetNode | null | 'unchecked'): SheetProblem[] {
  const { control, pointer } = entry;
  const problems: SheetProblem[] = [];
  const activeIf = control['x-activeIf'];
  if (typeof activeIf === 'string') {
    const target = resolve(activeIf);
    if (activeIf === entry.dotPath) problems.push({ path: [...pointer, 'x-activeIf'], key: D.selfReference });
    else if (target === null) problems.push({ path: [...pointer, 'x-activeIf'], key: D.unknownPath, params: { path: activeIf } });
    else if (target !== 'unchecked' && target.type !== 'boolean') problems.push({ path: [...pointer, 'x-activeIf'], key: D.activeIfNotCheckbox, params: { path: activeIf } });
  }
  if (control['x-activationPaths']?.some((activation) => activation.path === entry.dotPath)) problems.push({ path: [...pointer, 'x-activationPaths'], key: D.selfReference });
  problems.push(...activationProblems(control['x-activationPaths'], pointer, resolve));
  if (typeof control.pattern === 'string') {
    try {
      new RegExp(control.pattern, 'u');
    } catch {
      problems.push({ path: [...pointer, 'pattern'], key: D.invalidPattern });
    }
  }
  const options = control.oneOf ?? control.items?.oneOf ?? [];
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (seen.has(option.const)) problems.push({ path: [...pointer, ...(control.oneOf ? [] : ['items']), 'oneOf', String(index), 'const'], key: D.duplicateOption, params: { value: option.const } });
    seen.add(option.const);
  });
  if (control.default !== undefined) {
    const values = Array.isArray(control.default) ? control.default : [control.default];
    const optionMissing = options.length > 0 && values.some((value) => !options.some((option) => option.const === value));
    if (!matchesType(control, control.default) || optionMissing) problems.push({ path: [...pointer, 'default'], key: D.invalidDefault });
  }
  if (typeof control.minimum === 'number' && typeof control.maximum === 'number' && control.minimum > control.maximum) {
    problems.push({ path: [...pointer, 'minimum'], key: D.minAboveMax });
  }
  if (control['x-group'] && control.type !== 'boolean') problems.push({ path: [...pointer, 'x-group'], key: D.groupNotCheckbox });
  return problems;
}

/**
 * The rules of a sheet definition that need code (the meta-schema checks the shape): activeIf naming an existing
 * checkbox, activation paths naming existing controls (and options), patterns that compile, defaults of the right
 * type, unique options, min ≤ max, exclusive groups of at least two checkboxes of one section. Paths into other
 * sheets are checked when `otherSheets` are given. Run it on a document the meta-schema accepted.
 */
export function sheetDefinitionProblems(schema: SheetSchema, otherSheets: readonly SheetSchema[] = []): SheetProblem[] {
  const controls = definedControls(schema);
  const resolve = (path: string) => resolvePath(path, schema, controls, otherSheets);
  const problems: SheetProblem[] = [];
  const sheetPaths = schema['x-activationPaths'];
  if (Array.isArray(sheetPaths)) {
    sheetPaths.forEach((activation, index) => {
      if (splitPath(activation.path)[0] === sheetNameOf(schema)) problems.push({ path: ['x-activationPaths', String(index), 'path'], key: D.selfActivation });
    });
    problems.push(...activationProblems(sheetPaths, [], resolve));
  }
  for (const entry of controls) problems.push(...controlProblems(entry, resolve));
  const groups = new Map<string, DefinedControl[]>();
  for (const entry of controls) {
    const group = entry.control['x-group'];
    if (group) groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  for (const [group, members] of groups) {
    if (members.length < 2) problems.push({ path: [...members[0].pointer, 'x-group'], key: D.groupTooSmall, params: { group } });
    if (new Set(members.map((member) => member.sectionPointer)).size > 1) {
      problems.push(...members.slice(1).map((member) => ({ path: [...member.pointer, 'x-group'], key: D.groupAcrossSections, params: { group } })));
    }
  }
  return problems;
}
