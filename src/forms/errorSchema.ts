import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { formatDate, formatNumber } from '../domain/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Path = readonly (string | number)[];

/** A rule's finding: where (the data path), what (a translation key) and the values its text names. */
export interface FormProblem {
  path: Path;
  key: string;
  params?: Record<string, string | number>;
}

/** A message of the API's error shape: the text is already translated, `reference` is the dotted data path. */
export interface ServerFieldMessage {
  text: string;
  reference?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parameters as the user reads them: dates (`minDate: 2026-12-03`) as 03.12.2026, Dec 3, 2026 …; numbers
 * (`available: 268.3`) with the locale's decimal mark.
 */
export function formatParams(params: Record<string, string | number> = {}, locale?: string): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number'
        ? formatNumber(value, locale)
        : ISO_DATE.test(value)
          ? formatDate(value, locale)
          : value,
    ]),
  );
}

/** Adds one message at a path, creating the nodes on the way (array indexes become object keys, as rjsf expects). */
export function addError(schema: ErrorSchema, path: Path, message: string): ErrorSchema {
  let node = schema as Record<string, unknown>;
  for (const segment of path) {
    const key = String(segment);
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const errors = (node.__errors as string[] | undefined) ?? [];
  if (!errors.includes(message)) node.__errors = [...errors, message];
  return schema;
}

/** Domain problems (paths into the data) as rjsf's ErrorSchema for `extraErrors`, each message translated with its parameters. */
export function problemsToErrorSchema(problems: readonly FormProblem[], translate: Translate, locale?: string): ErrorSchema {
  const schema: ErrorSchema = {};
  for (const problem of problems) addError(schema, problem.path, translate(problem.key, { _: problem.key, ...formatParams(problem.params, locale) }));
  return schema;
}

/** `a.0.b` → ['a', 0, 'b']. */
export function referencePath(reference: string): (string | number)[] {
  return reference.split('.').filter(Boolean).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** The API's 400 messages that name a field, as an ErrorSchema; messages without a reference are left to the caller. */
export function serverMessagesToErrorSchema(messages: readonly ServerFieldMessage[], prefix: Path = []): ErrorSchema {
  const schema: ErrorSchema = {};
  for (const message of messages) if (message.reference) addError(schema, [...prefix, ...referencePath(message.reference)], message.text);
  return schema;
}

/** Both error trees in one (messages of the second are added to the first's). */
export function mergeErrorSchemas(first: ErrorSchema, second: ErrorSchema): ErrorSchema {
  const merged: ErrorSchema = structuredClone(first);
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '__errors') ((value as string[] | undefined) ?? []).forEach((message) => addError(merged, path, message));
      else if (value && typeof value === 'object') walk(value as Record<string, unknown>, [...path, key]);
    }
  };
  walk(second as Record<string, unknown>, []);
  return merged;
}

/** The messages at exactly this path of an error tree. */
export function errorsAt(schema: ErrorSchema | undefined, ...path: (string | number)[]): string[] {
  let node = schema as Record<string, unknown> | undefined;
  for (const segment of path) node = node?.[String(segment)] as Record<string, unknown> | undefined;
  return (node?.__errors as string[] | undefined) ?? [];
}

/** Whether any message sits at this path or below it. */
export function hasErrorsBelow(schema: ErrorSchema | undefined, ...path: (string | number)[]): boolean {
  let node = schema as Record<string, unknown> | undefined;
  for (const segment of path) node = node?.[String(segment)] as Record<string, unknown> | undefined;
  if (!node) return false;
  return Object.entries(node).some(([key, value]) => (key === '__errors' ? ((value as string[] | undefined) ?? []).length > 0 : !!value && typeof value === 'object' && hasErrorsBelow(value as ErrorSchema)));
}

/** Translation keys for ajv's findings, so that schema validation speaks the portal's languages. */
const AJV_MESSAGES: Record<string, { key: string; param?: [string, string] }> = {
  required: { key: 'VALIDATION.IsRequired' },
  maxLength: { key: 'VALIDATION.TooLong', param: ['limit', 'max'] },
  maxItems: { key: 'VALIDATION.TooLong', param: ['limit', 'max'] },
  minLength: { key: 'VALIDATION.IsRequired' },
  minimum: { key: 'VALIDATION.TooSmall', param: ['limit', 'min'] },
  exclusiveMinimum: { key: 'VALIDATION.TooSmall', param: ['limit', 'min'] },
  maximum: { key: 'VALIDATION.TooLarge', param: ['limit', 'max'] },
  exclusiveMaximum: { key: 'VALIDATION.TooLarge', param: ['limit', 'max'] },
  type: { key: 'VALIDATION.InvalidType' },
};

/** rjsf `transformErrors`: ajv's English sentences replaced by the portal's translated messages. */
export function translateValidationErrors(errors: RJSFValidationError[], translate: Translate): RJSFValidationError[] {
  return errors.map((error) => {
    const known = error.name ? AJV_MESSAGES[error.name] : undefined;
    const key = known?.key ?? (error.name === 'format' && String(error.params?.format).startsWith('date') ? 'VALIDATION.InvalidDate' : 'VALIDATION.InvalidValue');
    const options = known?.param ? { [known.param[1]]: error.params?.[known.param[0]] } : {};
    const message = translate(key, options);
    return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
  });
}
