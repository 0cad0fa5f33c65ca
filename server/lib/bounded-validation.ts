import { Ajv, type ErrorObject, type Options } from 'ajv';

/** How many problems a refused request body reports at most (the first ones, in document order). */
export const MAX_REPORTED_PROBLEMS = 50;
/** Bodies up to this many JSON values get every problem listed (capped); larger ones only the first. */
export const DETAILED_CHECK_MAX_VALUES = 5_000;

/** True when `value` holds more than `max` JSON values (arrays, objects and scalars); stops counting at `max + 1`. */
export function hasMoreValuesThan(value: unknown, max: number): boolean {
  let left = max;
  // Recursion is bounded: request bodies nest at most JSON_MAX_DEPTH levels (json-body.ts).
  const exceeds = (node: unknown): boolean => {
    if (--left < 0) return true;
    if (Array.isArray(node)) {
      for (const child of node) if (exceeds(child)) return true;
    } else if (node && typeof node === 'object') {
      for (const key in node) if (exceeds((node as Record<string, unknown>)[key])) return true;
    }
    return false;
  };
  return exceeds(value);
}

export type BoundedCheck<T> = ((value: unknown) => value is T) & { errors: ErrorObject[] };

/**
 * JSON Schema validation of untrusted input whose cost cannot explode (docs/security.md, "Bounded request bodies").
 * First a validator that stops at the first error: the schema's `maxItems`/`maxLength`/`maxProperties` are checked
 * before an array's items, so an oversized body is refused after looking at its first offending part. Only when
 * that fails on a body of at most DETAILED_CHECK_MAX_VALUES values does a second pass list every problem (for the
 * editor's benefit), capped to MAX_REPORTED_PROBLEMS.
 */
export function boundedValidator<T>(schema: Record<string, unknown>, options: Omit<Options, 'allErrors'> = {}): BoundedCheck<T> {
  const first = new Ajv({ ...options, allErrors: false }).compile<T>(schema);
  let every: ReturnType<Ajv['compile']> | undefined;
  const check = ((value: unknown): value is T => {
    if (first(value)) {
      check.errors = [];
      return true;
    }
    check.errors = (first.errors ?? []).slice(0, 1);
    if (!hasMoreValuesThan(value, DETAILED_CHECK_MAX_VALUES)) {
      every ??= new Ajv({ ...options, allErrors: true }).compile(schema);
      every(value);
      if (every.errors?.length) check.errors = every.errors.slice(0, MAX_REPORTED_PROBLEMS);
    }
    return false;
  }) as BoundedCheck<T>;
  check.errors = [];
  return check;
}
