import { lineColumn, locatePointer, type JsonSyntaxError, type TextRange } from './jsonText';
import type { MetaProblem } from './sheets';

/** The two documents of a sheet version, as the editor's tabs name them. */
export type SheetDocument = 'schema' | 'uiSchema';
export const SHEET_DOCUMENTS: SheetDocument[] = ['schema', 'uiSchema'];

/** One problem of the draft, placed in its document's text so that the editor can mark it and the list can jump there. */
export interface EditorProblem {
  document: SheetDocument;
  /** JSON pointer of the node; null for syntax errors. */
  pointer: string | null;
  key: string;
  params: Record<string, unknown>;
  range: TextRange;
  line: number;
  column: number;
}

/** A syntax error of one document as a problem (`QUESTIONNAIRE_SHEETS.Json.<reason>`). */
export function syntaxProblem(document: SheetDocument, text: string, error: JsonSyntaxError): EditorProblem {
  const position = lineColumn(text, error.offset);
  return {
    document,
    pointer: null,
    key: `QUESTIONNAIRE_SHEETS.Json.${error.reason}`,
    params: position,
    range: { from: error.offset, to: Math.min(error.offset + 1, text.length) },
    ...position,
  };
}

/**
 * Which document a reported pointer belongs to: the validate call checks `{ schema, uiSchema }`, so its pointers may
 * start with `/schema` or `/uiSchema`; a bare pointer names the schema.
 */
export function splitPointer(pointer: string): { document: SheetDocument; pointer: string } {
  const match = /^\/(schema|uiSchema)(?=\/|$)(.*)$/.exec(pointer);
  if (match) return { document: match[1] as SheetDocument, pointer: match[2] };
  return { document: 'schema', pointer };
}

/** Meta-schema (and definition) problems placed in the texts they were found in. */
export function placedProblems(problems: MetaProblem[], texts: Record<SheetDocument, string>): EditorProblem[] {
  const seen = new Set<string>();
  const placed: EditorProblem[] = [];
  for (const problem of problems) {
    const { document, pointer } = splitPointer(problem.pointer ?? '');
    const params = problem.params ?? {};
    const id = `${document}|${pointer}|${problem.key}|${JSON.stringify(params)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const text = texts[document];
    const range = locatePointer(text, pointer) ?? { from: 0, to: Math.min(1, text.length) };
    placed.push({ document, pointer: pointer || '/', key: problem.key, params, range, ...lineColumn(text, range.from) });
  }
  return placed.sort((a, b) => (a.document === b.document ? a.range.from - b.range.from : a.document === 'schema' ? -1 : 1));
}
