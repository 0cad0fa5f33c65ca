import { isPlainObject } from '../../domain/questionnaire';

/** A value without what carries no information: undefined values and empty objects (the form adds `{}` per section); keys sorted. */
export function compactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactValue);
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value)
    .map(([key, item]) => [key, compactValue(item)] as const)
    .filter(([, item]) => item !== undefined && !(isPlainObject(item) && Object.keys(item).length === 0))
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries);
}
