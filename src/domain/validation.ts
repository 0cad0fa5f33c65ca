import { z } from 'zod';

/** Translation keys of validation messages. Validators return keys, never sentences. */
export const MESSAGE = {
  required: 'VALIDATION.IsRequired',
  tooLong: 'VALIDATION.TooLong',
  invalidType: 'VALIDATION.InvalidType',
  invalidValue: 'VALIDATION.InvalidValue',
  invalidDate: 'VALIDATION.InvalidDate',
  unknownField: 'VALIDATION.UnknownField',
  endBeforeStart: 'VALIDATION.EndBeforeStart',
  atLeastOne: 'VALIDATION.AtLeastOne',
  invalidCharacters: 'VALIDATION.InvalidCharacters',
} as const;

export type MessageKey = (typeof MESSAGE)[keyof typeof MESSAGE];

export { messageWithArgs, splitMessage } from './messageArgs';

/** The arguments of a zod issue the messages name (`%{max}`, `%{min}`): the same the API's errors carry. */
export function issueArgs(issue: object): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if ('maximum' in issue) args.max = Number(issue.maximum);
  if ('minimum' in issue) args.min = Number(issue.minimum);
  return args;
}

// Control characters other than tab, line feed and carriage return (PostgreSQL refuses NUL outright).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** zod `error` option: a missing value is "required", anything else of the wrong kind "invalid type/value". */
export function requiredOr(key: MessageKey = MESSAGE.invalidType) {
  return (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? MESSAGE.required : key);
}

/** A required, trimmed text of at most `max` characters without control characters. */
export function requiredText(max: number) {
  return z
    .string({ error: requiredOr() })
    .trim()
    .min(1, MESSAGE.required)
    .max(max, MESSAGE.tooLong)
    .refine((text) => !hasControlCharacters(text), MESSAGE.invalidCharacters);
}
