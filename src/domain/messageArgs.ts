// Message keys with their arguments, kept free of zod: the app's translate (first load) reads them.

/**
 * A message key with its arguments in one string (`VALIDATION.TooLong::{"max":200}`), for places that carry
 * one string per field (form errors); the app's translate reads the arguments back.
 */
const ARGUMENTS = '::';
export function messageWithArgs(key: string, args: Record<string, unknown>): string {
  return Object.keys(args).length ? `${key}${ARGUMENTS}${JSON.stringify(args)}` : key;
}

export function splitMessage(message: string): { key: string; args: Record<string, unknown> } {
  const at = message.indexOf(ARGUMENTS);
  if (at < 0) return { key: message, args: {} };
  try {
    return { key: message.slice(0, at), args: JSON.parse(message.slice(at + ARGUMENTS.length)) as Record<string, unknown> };
  } catch {
    return { key: message.slice(0, at), args: {} };
  }
}
