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
} as const;

export type MessageKey = (typeof MESSAGE)[keyof typeof MESSAGE];

/** zod `error` option: a missing value is "required", anything else of the wrong kind "invalid type/value". */
export function requiredOr(key: MessageKey = MESSAGE.invalidType) {
  return (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? MESSAGE.required : key);
}
