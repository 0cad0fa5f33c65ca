import { API_BASE, sendJson } from './request';

/** A meta-schema problem as the server reports it: where (JSON pointer), what (translation key) and its values. */
export interface MetaProblem {
  pointer: string;
  key: string;
  params?: Record<string, unknown>;
}

/** The configurers' sheet editor: what is not CRUD about questionnaire sheet versions. */
export const sheetMethods = {
  /** The meta-schema's verdict on a sheet; the browser cannot compile ajv (CSP). */
  validateSheetDocuments: async (schema: unknown, uiSchema: unknown, signal?: AbortSignal) =>
    ((await sendJson<{ problems?: MetaProblem[] }>('/api/questionnaire-sheets/validate', 'POST', { schema, uiSchema }, signal)).problems ?? []).filter(
      (problem) => typeof problem?.key === 'string',
    ),
  /** Publishes a draft; from then on it is immutable. Answers the published version. */
  publishSheet: <SheetRecord>(id: number) => sendJson<SheetRecord>(`${API_BASE}/questionnaire-sheets/${id}/publish`, 'POST', {}),
};
