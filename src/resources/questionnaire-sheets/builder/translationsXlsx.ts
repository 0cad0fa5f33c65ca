import ExcelJS from 'exceljs';
import { TEXT_LANGUAGES, TRANSLATION_IMPORT_MAX_ROWS, type ImportedText, type TextRow } from '../../../domain/questionnaire/builder';

/**
 * The translations grid's spreadsheet (issue #34), written and read in the browser with exceljs. Only the grid's
 * buttons import this module (dynamically), so exceljs is a chunk of its own that the first load never fetches.
 * Columns: address, path, en, de, nl (the header row names them; the reader finds them by name).
 */

/** An import file larger than this is refused before it is read (a sheet's texts are a few hundred kB). */
export const TRANSLATION_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COLUMNS = ['address', 'path', ...TEXT_LANGUAGES] as const;

export const XLSX_MESSAGE = {
  tooLarge: 'SHEET_BUILDER.Translations.FileTooLarge',
  unreadable: 'SHEET_BUILDER.Translations.FileUnreadable',
  noAddress: 'SHEET_BUILDER.Translations.NoAddressColumn',
  tooManyRows: 'SHEET_BUILDER.Translations.TooManyRows',
} as const;

/** The workbook of a sheet's texts: one row per text, missing texts shaded. */
export async function translationsWorkbook(rows: readonly TextRow[], sheetTitle: string): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = sheetTitle.slice(0, 200);
  const worksheet = workbook.addWorksheet('translations', { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = [
    { header: 'address', key: 'address', width: 48 },
    { header: 'path', key: 'path', width: 48 },
    ...TEXT_LANGUAGES.map((language) => ({ header: language, key: language, width: 48, style: { alignment: { wrapText: true, vertical: 'top' as const } } })),
  ];
  worksheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = worksheet.addRow({ address: row.address, path: row.path, ...row.texts });
    TEXT_LANGUAGES.forEach((language, index) => {
      if (row.texts[language].trim()) return;
      added.getCell(3 + index).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer as ArrayBuffer], { type: XLSX_TYPE });
}

/** A cell's text as the sheet shows it (rich text joined, a formula's result, a link's text); empty: ''. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text ?? '').join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  }
  return '';
}

export type ReadTranslations = { rows: ImportedText[] } | { refused: string; params?: Record<string, string | number> };

/**
 * The rows of an import file: its first worksheet, the columns found by their header (`address` needed, a language
 * column that is absent leaves that language as it is). Rows without an address are skipped.
 */
export async function readTranslations(file: Blob): Promise<ReadTranslations> {
  if (file.size > TRANSLATION_FILE_MAX_BYTES) return { refused: XLSX_MESSAGE.tooLarge, params: { max: `${TRANSLATION_FILE_MAX_BYTES / 1024 / 1024} MB` } };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    return { refused: XLSX_MESSAGE.unreadable };
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) return { refused: XLSX_MESSAGE.unreadable };
  if (worksheet.rowCount > TRANSLATION_IMPORT_MAX_ROWS + 1) return { refused: XLSX_MESSAGE.tooManyRows, params: { max: TRANSLATION_IMPORT_MAX_ROWS } };
  const columns = new Map<string, number>();
  worksheet.getRow(1).eachCell((cell, column) => {
    const name = cellText(cell.value).trim().toLowerCase();
    if ((COLUMNS as readonly string[]).includes(name) && !columns.has(name)) columns.set(name, column);
  });
  const addressColumn = columns.get('address');
  if (!addressColumn) return { refused: XLSX_MESSAGE.noAddress };
  const rows: ImportedText[] = [];
  worksheet.eachRow((row, number) => {
    if (number === 1) return;
    const address = cellText(row.getCell(addressColumn).value).trim();
    if (!address) return;
    const imported: ImportedText = { row: number, address };
    for (const language of TEXT_LANGUAGES) {
      const column = columns.get(language);
      if (column) imported[language] = cellText(row.getCell(column).value);
    }
    rows.push(imported);
  });
  return { rows };
}

/** Offers a file to the browser's downloads. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
