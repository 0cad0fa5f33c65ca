/**
 * The editor's view of a JSON text: where the first syntax error is (with a translatable reason) and where a
 * JSON pointer's node sits, so that problems can be marked in the text. Pure, so it is tested without an editor.
 */

/** Why a text is not JSON; `QUESTIONNAIRE_SHEETS.Json.<reason>` is its message. */
export type JsonSyntaxReason =
  | 'UnexpectedEnd'
  | 'ExpectedValue'
  | 'ExpectedPropertyName'
  | 'ExpectedColon'
  | 'ExpectedCommaOrBrace'
  | 'ExpectedCommaOrBracket'
  | 'InvalidString'
  | 'InvalidNumber'
  | 'TrailingContent';

export interface JsonSyntaxError {
  reason: JsonSyntaxReason;
  offset: number;
}

export interface TextRange {
  from: number;
  to: number;
}

class SyntaxStop extends Error {
  constructor(readonly error: JsonSyntaxError) {
    super(error.reason);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const STRING_CHAR = /[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** A strict reader of one JSON text; each `read…` takes the offset where the thing starts and answers where it ends. */
function reader(text: string) {
  const stop = (reason: JsonSyntaxReason, offset: number): never => {
    throw new SyntaxStop({ reason: offset >= text.length ? 'UnexpectedEnd' : reason, offset: Math.min(offset, text.length) });
  };
  const skipSpace = (at: number) => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
    return at;
  };
  const readString = (at: number): number => {
    let i = at + 1;
    while (i < text.length && text[i] !== '"') {
      STRING_CHAR.lastIndex = i;
      const match = STRING_CHAR.exec(text);
      if (!match) stop('InvalidString', i);
      i += match![0].length;
    }
    if (i >= text.length) stop('UnexpectedEnd', i);
    return i + 1;
  };
  const readValue = (at: number): number => {
    const i = skipSpace(at);
    const char = text[i];
    if (char === '{') return readObject(i);
    if (char === '[') return readArray(i);
    if (char === '"') return readString(i);
    if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) stop('InvalidNumber', i);
      return i + match![0].length;
    }
    LITERAL.lastIndex = i;
    const literal = LITERAL.exec(text);
    if (literal) return i + literal[0].length;
    return stop('ExpectedValue', i);
  };
  const readObject = (at: number): number => {
    let i = skipSpace(at + 1);
    if (text[i] === '}') return i + 1;
    for (;;) {
      if (text[i] !== '"') stop('ExpectedPropertyName', i);
      i = skipSpace(readString(i));
      if (text[i] !== ':') stop('ExpectedColon', i);
      i = skipSpace(readValue(i + 1));
      if (text[i] === '}') return i + 1;
      if (text[i] !== ',') stop('ExpectedCommaOrBrace', i);
      i = skipSpace(i + 1);
    }
  };
  const readArray = (at: number): number => {
    let i = skipSpace(at + 1);
    if (text[i] === ']') return i + 1;
    for (;;) {
      i = skipSpace(readValue(i));
      if (text[i] === ']') return i + 1;
      if (text[i] !== ',') stop('ExpectedCommaOrBracket', i);
      i += 1;
    }
  };
  return { skipSpace, readString, readValue, stop };
}

/** The first syntax error of `text`, or null when it is JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const { skipSpace, readValue, stop } = reader(text);
  try {
    const end = skipSpace(readValue(0));
    if (end < text.length) stop('TrailingContent', end);
    return null;
  } catch (error) {
    if (error instanceof SyntaxStop) return error.error;
    throw error;
  }
}

/** The text parsed, or where and why it is not JSON. */
export function parseJsonText(text: string): { value: unknown; error: null } | { value: undefined; error: JsonSyntaxError } {
  try {
    return { value: JSON.parse(text) as unknown, error: null };
  } catch {
    // JSON.parse does not always say where; our reader does, and names the reason in words we can translate.
    return { value: undefined, error: jsonSyntaxError(text) ?? { reason: 'ExpectedValue', offset: 0 } };
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

export function pointerSegments(pointer: string): string[] {
  if (!pointer || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pointerFromPath(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Where the node named by a JSON pointer sits in a valid JSON text: a member's name (and a scalar's value), an
 * array item, or the deepest ancestor that exists when the pointer names something missing. Null for invalid text.
 */
export function locatePointer(text: string, pointer: string): TextRange | null {
  if (jsonSyntaxError(text)) return null;
  const { skipSpace, readString, readValue } = reader(text);
  const segments = pointerSegments(pointer);
  let start = skipSpace(0);
  let found: TextRange = { from: start, to: start + 1 };
  for (const segment of segments) {
    const next = text[start] === '{' ? findMember(start, segment) : text[start] === '[' ? findItem(start, Number(segment)) : null;
    if (!next) return found;
    start = next.valueStart;
    const scalar = text[start] !== '{' && text[start] !== '[';
    found = { from: next.from, to: scalar ? readValue(start) : next.nameEnd };
  }
  return found;

  function findMember(objectStart: number, name: string) {
    let i = skipSpace(objectStart + 1);
    while (text[i] === '"') {
      const nameEnd = readString(i);
      const valueStart = skipSpace(skipSpace(nameEnd) + 1);
      if (JSON.parse(text.slice(i, nameEnd)) === name) return { from: i, nameEnd, valueStart };
      i = skipSpace(readValue(valueStart));
      i = text[i] === ',' ? skipSpace(i + 1) : i;
    }
    return null;
  }

  function findItem(arrayStart: number, index: number) {
    if (!Number.isInteger(index) || index < 0) return null;
    let i = skipSpace(arrayStart + 1);
    for (let position = 0; text[i] !== ']' && i < text.length; position++) {
      if (position === index) return { from: i, nameEnd: i + 1, valueStart: i };
      i = skipSpace(readValue(i));
      i = text[i] === ',' ? skipSpace(i + 1) : i;
    }
    return null;
  }
}

/** The editor's text of a JSON value: two-space indentation, as the shipped sheet files are written. */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value ?? {}, null, 2)}\n`;
}
