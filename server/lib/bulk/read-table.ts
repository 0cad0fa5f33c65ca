import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { detectDecimalComma, type RawCell } from '../../../src/domain/bulk/cells.js';
import { BULK_MESSAGE } from '../../../src/domain/bulk/resources.js';
import { ApiError } from '../errors.js';

/** A file's first sheet: the header row, the data rows and how its numbers are written. */
export interface FileTable {
  format: 'csv' | 'xlsx';
  headers: string[];
  rows: RawCell[][];
  delimiter?: string;
  encoding?: 'utf-8' | 'windows-1252';
  decimalComma: boolean;
}

export const IMPORT_MAX_ROWS = 50_000;

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * Text of a CSV file as Excel writes it: UTF-8 (with or without BOM), else Windows-1252 (German Excel's "CSV"
 * without UTF-8). Detected: a file that is not valid UTF-8 is read as Windows-1252.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

function isBlankRow(row: readonly RawCell[]): boolean {
  return row.every((cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''));
}

function table(format: FileTable['format'], all: RawCell[][], extra: Partial<FileTable>, decimalComma: boolean): FileTable {
  const nonBlank = all.filter((row) => !isBlankRow(row));
  if (nonBlank.length < 2) throw new ApiError(422, [{ key: BULK_MESSAGE.emptyFile, reference: 'file' }]);
  if (nonBlank.length - 1 > IMPORT_MAX_ROWS) throw new ApiError(413, [{ key: BULK_MESSAGE.tooManyRows, reference: 'file', params: { max: IMPORT_MAX_ROWS } }]);
  const [header, ...rows] = nonBlank;
  return { format, headers: header.map((cell) => String(cell ?? '').trim()), rows, decimalComma, ...extra };
}

function readCsv(bytes: Uint8Array): FileTable {
  const { text, encoding } = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [';', ',', '\t', '|'], skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw new ApiError(422, [{ key: BULK_MESSAGE.unreadable, reference: 'file', params: { row: (fatal.row ?? 0) + 1 } }]);
  const delimiter = parsed.meta.delimiter;
  const samples = parsed.data.slice(1, 200).flat();
  return table('csv', parsed.data, { delimiter, encoding }, detectDecimalComma(delimiter, samples));
}

/** An XLSX cell's value: numbers and booleans stay native, formulas give their result, rich text its text. */
function xlsxValue(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('result' in value) return xlsxValue(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  return null;
}

async function readXlsx(bytes: Uint8Array): Promise<FileTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    throw new ApiError(422, [{ key: BULK_MESSAGE.unreadable, reference: 'file', params: { row: 1 } }]);
  }
  const sheet = workbook.worksheets[0];
  const rows: RawCell[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const cells: RawCell[] = [];
    for (let index = 1; index <= row.cellCount; index++) cells.push(xlsxValue(row.getCell(index).value));
    rows.push(cells);
  });
  // Text cells in a spreadsheet follow its author's language: a decimal comma shows in the text itself.
  const samples = rows.slice(1, 200).flat().filter((cell): cell is string => typeof cell === 'string');
  return table('xlsx', rows, {}, detectDecimalComma('', samples));
}

/** A CSV or XLSX file (told apart by its first bytes, not its name) as a table. */
export async function readTable(bytes: Uint8Array): Promise<FileTable> {
  const isZip = ZIP.every((byte, index) => bytes[index] === byte);
  return isZip ? readXlsx(bytes) : readCsv(bytes);
}
