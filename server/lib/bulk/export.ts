import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { exportStyle, formatCell } from '../../../src/domain/bulk/cells.js';
import { BULK_APP_RESOURCE, exportSheet, type BulkResource } from '../../../src/domain/bulk/resources.js';
import type { Language } from '../../../src/domain/languages.js';
import { translate } from '../i18n.js';
import type { Logger } from '../logging.js';
import { toWebStream } from '../web-stream.js';

export const APP_RESOURCE = BULK_APP_RESOURCE;

export function fieldLabel(resource: BulkResource, field: string, language: Language): string {
  return translate(language, `resources.${APP_RESOURCE[resource]}.fields.${field}`);
}

/** An exported column's header: the list's field label in the user's language. */
function headerOf(appResource: string, field: string, language: Language): string {
  return translate(language, `resources.${appResource}.fields.${field}`);
}

const XLSX_BUFFER_BYTES = 4 * 1024 * 1024;

type Pages = AsyncIterable<Record<string, unknown>[]>;

/** The CSV export in the user's language: `;` and decimal commas for German and Dutch, a BOM for Excel. */
export function csvStream(resource: string, pages: Pages, language: Language, log: Logger): ReadableStream<Uint8Array> {
  const { columns, appResource } = exportSheet(resource);
  const { delimiter } = exportStyle(language);
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode('\ufeff' + stringify([columns.map((column) => headerOf(appResource, column.field, language))], { delimiter })));
        }
        const next = await iterator.next();
        if (next.done) return controller.close();
        const rows = next.value.map((record) => columns.map((column) => formatCell(column.kind, record[column.field], language)));
        controller.enqueue(encoder.encode(stringify(rows, { delimiter })));
      } catch (error) {
        log.error({ err: error }, 'export failed');
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The XLSX export, written row by row by exceljs' streaming writer: numbers and yes/no stay typed cells. */
export function xlsxStream(resource: string, pages: Pages, language: Language, log: Logger): ReadableStream<Uint8Array> {
  const { columns, appResource } = exportSheet(resource);
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(translate(language, `resources.${appResource}.name`).split('|')[0].trim().slice(0, 31) || resource);
  sheet.columns = columns.map((column) => ({
    header: headerOf(appResource, column.field, language),
    key: column.field,
    width: column.kind === 'text' ? 24 : 14,
    style: column.kind === 'decimal' ? { numFmt: '#,##0.00' } : {},
  }));
  void (async () => {
    try {
      for await (const page of pages) {
        // Back-pressure: a slow client holds the database reads, not the server's memory.
        while (output.readableLength > XLSX_BUFFER_BYTES && !output.destroyed) await new Promise((resolve) => setTimeout(resolve, 20));
        for (const record of page) {
          const row = columns.map((column) => {
            const value = record[column.field];
            if (value === null || value === undefined) return null;
            if (column.kind === 'idList') return (value as unknown[]).join(' ');
            // A string cell is text in XLSX (never run as a formula): written as it is, without the CSV's apostrophe guard.
            return value;
          });
          sheet.addRow(row).commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      log.error({ err: error }, 'export failed');
      output.destroy(error as Error);
    }
  })();
  return toWebStream(output);
}
