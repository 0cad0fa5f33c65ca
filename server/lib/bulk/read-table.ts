import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { detectDecimalComma, type RawCell } from '../../../src/domain/bulk/cells.js';
import { BULK_MESSAGE } from '../../../src/domain/bulk/resources.js';
import { ApiError } from '../errors.js';
import { orderedXlsx, XlsxTooLarge } from './xlsx-entries.js';

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

/** The cells an import holds at most (rows × columns), so that wide rows cannot fill the memory. */
export const IMPORT_MAX_CELLS = 2_000_000;
/** An XLSX's first sheet unpacked, and its other parts (shared strings, styles): beyond these it is refused. */
export const XLSX_MAX_SHEET_BYTES = 256 * 1024 * 1024;
export const XLSX_MAX_PART_BYTES = 32 * 1024 * 1024;
/** Rows read between two turns of the event loop (other requests are answered meanwhile). */
const ROWS_PER_TURN = 2000;

const tooManyRows = () => new ApiError(413, [{ key: BULK_MESSAGE.tooManyRows, reference: 'file', params: { max: IMPORT_MAX_ROWS } }]);
const tooManyCells = () => new ApiError(413, [{ key: BULK_MESSAGE.tooManyCells, reference: 'file', params: { max: IMPORT_MAX_CELLS } }]);
const unreadable = (row: number) => new ApiError(422, [{ key: BULK_MESSAGE.unreadable, reference: 'file', params: { row } }]);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Collects the non-blank rows as they are read: refuses at once the row after the limit (and a table over the
 * cell limit), so a file of a million rows costs no more than one at the limit.
 */
class RowCollector {
  readonly rows: RawCell[][] = [];
  private cells = 0;

  add(row: RawCell[]): void {
    if (isBlankRow(row)) return;
    if (this.rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
    this.cells += row.length;
    if (this.cells > IMPORT_MAX_CELLS) throw tooManyCells();
    this.rows.push(row);
  }

  table(format: FileTable['format'], extra: Partial<FileTable>, decimalComma: boolean): FileTable {
    if (this.rows.length < 2) throw new ApiError(422, [{ key: BULK_MESSAGE.emptyFile, reference: 'file' }]);
    const [header, ...rows] = this.rows;
    return { format, headers: header.map((cell) => String(cell ?? '').trim()), rows, decimalComma, ...extra };
  }
}

function* pieces(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** CSV, parsed row by row: paused every ROWS_PER_TURN rows for a turn of the event loop, stopped at the limits. */
async function readCsv(bytes: Uint8Array): Promise<FileTable> {
  const { text, encoding } = decodeText(bytes);
  const collector = new RowCollector();
  let delimiter = ',';
  let refusal: unknown;
  await new Promise<void>((resolve) => {
    let read = 0;
    // As a stream of 64 KB pieces: Papa reads each piece on its own (one string of the whole file costs it time and
    // memory of the whole file per step).
    Papa.parse<string[]>(Readable.from(pieces(text, 64 * 1024)), {
      delimitersToGuess: [';', ',', '\t', '|'],
      skipEmptyLines: 'greedy',
      step(result, parser) {
        read += 1;
        delimiter = result.meta.delimiter;
        const fatal = result.errors.find((error) => error.type === 'Quotes');
        try {
          if (fatal) throw unreadable(read);
          collector.add(result.data);
        } catch (error) {
          refusal = error;
          parser.abort();
          return;
        }
        if (read % ROWS_PER_TURN === 0) {
          parser.pause();
          setImmediate(() => parser.resume());
        }
      },
      complete: () => resolve(),
    });
  });
  if (refusal) throw refusal;
  const samples = collector.rows.slice(1, 200).flat() as string[];
  return collector.table('csv', { delimiter, encoding }, detectDecimalComma(delimiter, samples));
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

/** The first sheet of an XLSX, read with exceljs's streaming reader row by row (xlsx-entries.ts feeds it). */
async function readXlsx(bytes: Uint8Array): Promise<FileTable> {
  const collector = new RowCollector();
  let input: Readable;
  try {
    input = orderedXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { sheetBytes: XLSX_MAX_SHEET_BYTES, otherBytes: XLSX_MAX_PART_BYTES });
  } catch {
    throw unreadable(1);
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let read = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells: RawCell[] = [];
        for (let index = 1; index <= row.cellCount; index++) cells.push(xlsxValue(row.getCell(index).value));
        collector.add(cells);
        if (++read % ROWS_PER_TURN === 0) await nextTurn();
      }
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof XlsxTooLarge) throw tooManyCells();
    throw unreadable(read + 1);
  } finally {
    input.destroy();
  }
  // Text cells in a spreadsheet follow its author's language: a decimal comma shows in the text itself.
  const samples = collector.rows.slice(1, 200).flat().filter((cell): cell is string => typeof cell === 'string');
  return collector.table('xlsx', {}, detectDecimalComma('', samples));
}

/** A CSV or XLSX file (told apart by its first bytes, not its name) as a table; counted and bounded while read. */
export async function readTable(bytes: Uint8Array): Promise<FileTable> {
  const isZip = ZIP.every((byte, index) => bytes[index] === byte);
  return isZip ? readXlsx(bytes) : readCsv(bytes);
}
