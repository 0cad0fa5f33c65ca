import { walkControls, type SheetSchema } from '../../domain/questionnaire';

export interface ControlChanges {
  /** Control paths within the sheet (`site.craneCapacity`), in document order. */
  added: string[];
  removed: string[];
  changed: string[];
}

const isSheet = (schema: unknown): schema is SheetSchema =>
  !!schema && typeof schema === 'object' && typeof (schema as SheetSchema)['x-sheet']?.name === 'string' && typeof (schema as SheetSchema).properties === 'object';

/** Which controls version B adds, removes or changes compared with version A (the domain's walk over both schemas). */
export function controlChanges(before: unknown, after: unknown): ControlChanges {
  const controlsOf = (schema: unknown) => new Map((isSheet(schema) ? walkControls(schema) : []).map((entry) => [entry.path.join('.'), JSON.stringify(entry.control)]));
  const a = controlsOf(before);
  const b = controlsOf(after);
  return {
    added: [...b.keys()].filter((path) => !a.has(path)),
    removed: [...a.keys()].filter((path) => !b.has(path)),
    changed: [...b.keys()].filter((path) => a.has(path) && a.get(path) !== b.get(path)),
  };
}
