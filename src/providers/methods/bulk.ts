import type { FieldChange, RowProblem, RowStatus } from '../../domain/bulk/rows';
import { sendForm, sendJson } from './request';

export interface ImportPreviewRow {
  line: number;
  status: RowStatus;
  key: string;
  id?: number;
  values: Record<string, unknown>;
  changes?: FieldChange[];
  problems?: (RowProblem & { text: string })[];
}

export interface ImportPreview {
  fileName: string;
  format: 'csv' | 'xlsx';
  delimiter: string | null;
  encoding: string | null;
  decimalComma: boolean;
  headers: string[];
  mapping: (string | null)[];
  summary: Record<RowStatus, number>;
  rows: ImportPreviewRow[];
}

export interface ImportResult {
  operationID: number;
  new: number;
  changed: number;
  unchanged: number;
}

export type ExportFormat = 'csv' | 'xlsx';

function importForm(file: File, mapping?: (string | null)[]): FormData {
  const form = new FormData();
  form.append('file', file);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return form;
}

/**
 * The address of the streamed export of a list with its filter and sort: a download link (the browser streams it).
 * A plain function, not a data provider method: react-admin's provider proxy expects every method to answer a promise.
 */
export function bulkExportUrl(resource: string, format: ExportFormat, filter: Record<string, unknown>, sort?: { field: string; order: string }): string {
  const query = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
  return `/api/bulk/${resource}/export.${format}?${query}`;
}

/** Import and the bulk edit of the administration's lists (`api/bulk/{resource}`). */
export const bulkMethods = {
  /** What an import of `file` would do, row by row (nothing is written). */
  previewImport: (resource: string, file: File, mapping?: (string | null)[]) => sendForm<ImportPreview>(`/api/bulk/${resource}/import/preview`, importForm(file, mapping)),
  /** The import itself: all rows or none. */
  applyImport: (resource: string, file: File, mapping: (string | null)[]) => sendForm<ImportResult>(`/api/bulk/${resource}/import`, importForm(file, mapping)),
  /** Sets fields to one value on every selected record, in one request (react-admin's updateMany). */
  bulkUpdate: (resource: string, ids: (number | string)[], data: Record<string, unknown>) =>
    sendJson<{ data: number[] }>(`/api/bulk/${resource}/update`, 'POST', { ids: ids.map(Number), data }),
};
