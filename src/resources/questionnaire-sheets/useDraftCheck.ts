import { useEffect, useRef, useState } from 'react';
import { placedProblems, SHEET_DOCUMENTS, syntaxProblem, type EditorProblem, type SheetDocument } from './editorProblems';
import { parseJsonText } from './jsonText';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { VALIDATE_DEBOUNCE_MS } from './sheets';

export type SheetTexts = Record<SheetDocument, string>;
export interface SheetDocuments {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

export interface DraftCheck {
  problems: EditorProblem[];
  /** The texts `problems` were found in (their ranges apply to these). */
  checkedTexts: SheetTexts | null;
  checking: boolean;
  /** The meta-schema could not be asked (network, server): problems are unknown. */
  checkFailed: boolean;
  /** The last documents without problems: what the preview renders. */
  lastValid: SheetDocuments | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks the draft's two texts 300 ms after the last keystroke: JSON syntax here, the meta-schema and the domain's
 * sheet-wide rules on the server (ajv cannot compile under the portal's CSP). Published versions are not checked
 * (`enabled` false): their documents are the preview as they are.
 */
/** The draft's `x-sheet` must keep naming its own version (the server refuses to store another identity). */
function identityProblems(schema: unknown, identity: { name: string; version: number }) {
  const sheet = isObject(schema) && isObject(schema['x-sheet']) ? schema['x-sheet'] : null;
  if (!sheet || (sheet.name === identity.name && sheet.version === identity.version)) return [];
  return [{ pointer: '/x-sheet', key: 'QUESTIONNAIRE.Errors.SheetIdentity', params: { ...identity } }];
}

const NO_COMPANIONS: readonly { name: string; schema: unknown }[] = [];

export function useDraftCheck(texts: SheetTexts, identity: { name: string; version: number }, enabled: boolean, companions: readonly { name: string; schema: unknown }[] = NO_COMPANIONS): DraftCheck {
  const [check, setCheck] = useState<DraftCheck>({ problems: [], checkedTexts: null, checking: enabled, checkFailed: false, lastValid: null });
  const running = useRef<AbortController | null>(null);
  const dataProvider = usePortalDataProvider();

  useEffect(() => {
    // Parsed once the typing pauses (a 70 kB sheet takes a while), not on every keystroke.
    const parse = () => SHEET_DOCUMENTS.map((document) => ({ document, text: texts[document], ...parseJsonText(texts[document]) }));
    if (!enabled) {
      const parsed = parse();
      const [schema, uiSchema] = parsed.map((entry) => entry.value);
      if (isObject(schema)) setCheck({ problems: [], checkedTexts: texts, checking: false, checkFailed: false, lastValid: { schema, uiSchema: isObject(uiSchema) ? uiSchema : {} } });
      return;
    }
    setCheck((previous) => (previous.checking ? previous : { ...previous, checking: true }));
    const timer = window.setTimeout(async () => {
      running.current?.abort();
      const parsed = parse();
      const syntax = parsed.flatMap((entry) => (entry.error ? [syntaxProblem(entry.document, entry.text, entry.error)] : []));
      if (syntax.length) {
        setCheck((previous) => ({ ...previous, problems: syntax, checkedTexts: texts, checking: false, checkFailed: false }));
        return;
      }
      const [schema, uiSchema] = parsed.map((entry) => entry.value);
      const controller = new AbortController();
      running.current = controller;
      try {
        // The server answers the meta-schema and the domain's sheet-wide rules (with the other sheets, for paths into them).
        const reported = await dataProvider.validateSheetDocuments(schema, isObject(uiSchema) ? uiSchema : {}, controller.signal, [...companions]);
        const own = [...identityProblems(schema, identity), ...(isObject(uiSchema) ? [] : [{ pointer: '/uiSchema', key: 'QUESTIONNAIRE_SHEETS.UiSchemaNotObject' }])];
        const problems = placedProblems([...reported, ...own], texts);
        if (controller.signal.aborted) return;
        setCheck((previous) => ({
          problems,
          checkedTexts: texts,
          checking: false,
          checkFailed: false,
          lastValid: problems.length === 0 && isObject(schema) && isObject(uiSchema) ? { schema, uiSchema } : previous.lastValid,
        }));
      } catch (error) {
        if (controller.signal.aborted || (error as Error).name === 'AbortError') return;
        setCheck((previous) => ({ ...previous, problems: [], checkedTexts: texts, checking: false, checkFailed: true }));
      }
    }, VALIDATE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // texts is a new object per render; its two strings are what matters.
  }, [texts.schema, texts.uiSchema, enabled, identity.name, identity.version, companions]);

  useEffect(() => () => running.current?.abort(), []);
  return check;
}
