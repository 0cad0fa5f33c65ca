import { API_BASE, getJson, sendJson } from './request';
import type { SetSheet } from '../../domain/questionnaire';

/** A meta-schema problem as the server reports it: where (JSON pointer), what (translation key) and its values. */
export interface MetaProblem {
  pointer: string;
  key: string;
  params?: Record<string, unknown>;
}

/** The configurers' sheet editor: what is not CRUD about questionnaire sheet versions. */
export const sheetMethods = {
  /** The meta-schema's verdict on a sheet; the browser cannot compile ajv (CSP). */
  validateSheetDocuments: async (schema: unknown, uiSchema: unknown, signal?: AbortSignal, companions?: { name: string; schema: unknown }[]) =>
    ((await sendJson<{ problems?: MetaProblem[] }>('/api/questionnaire-sheets/validate', 'POST', { schema, uiSchema, ...(companions?.length ? { companions } : {}) }, signal)).problems ?? []).filter(
      (problem) => typeof problem?.key === 'string',
    ),
  /** Publishes a draft; from then on it is immutable. Answers the published version. */
  publishSheet: <SheetRecord>(id: number, together: number[] = []) => sendJson<SheetRecord>(`${API_BASE}/questionnaire-sheets/${id}/publish`, 'POST', together.length ? { together } : {}),
  /** The other sheets as drafted (the builder's pickers, checks and preview). */
  sheetSet: (id: number) => getJson<{ sheets: SetSheet[] }>(`${API_BASE}/questionnaire-sheets/${id}/set`),
  /** What publishing a draft means for projects under way, and what blocks it. */
  sheetImpact: <Impact>(id: number) => getJson<Impact>(`${API_BASE}/questionnaire-sheets/${id}/impact`),
};
