import type { Language } from '../languages';

/** What a column holds, which decides how a cell is read from a file and written into an export. */
export type CellKind = 'text' | 'integer' | 'decimal' | 'boolean' | 'idList';

export const BULK_CELL_MESSAGE = {
  notANumber: 'BULK.Cell.NotANumber',
  notABoolean: 'BULK.Cell.NotABoolean',
  notAnIdList: 'BULK.Cell.NotAnIdList',
} as const;

/** A cell as the file reader hands it over: text from CSV, native numbers/booleans from XLSX. */
export type RawCell = string | number | boolean | null | undefined;

export type CellResult = { value: unknown } | { error: string } | { empty: true };

/** Number style of a file: German, Dutch (and their Excel) write `1.234,5`, English `1,234.5`. */
export interface NumberStyle {
  decimalComma: boolean;
}

const YES = ['true', 'yes', 'y', 'ja', 'j', 'wahr', 'waar', '1', 'x'];
const NO = ['false', 'no', 'n', 'nein', 'nee', 'falsch', 'onwaar', '0', ''];

/** A number typed by a person or written by Excel in `style`; thousands separators allowed, nothing else. */
export function parseNumberText(text: string, style: NumberStyle): number | undefined {
  const trimmed = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const [group, decimal] = style.decimalComma ? ['.', ','] : [',', '.'];
  const pattern = style.decimalComma ? /^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/ : /^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
  if (!pattern.test(trimmed)) return undefined;
  const normal = trimmed.split(group).join('').replace(decimal, '.');
  const value = Number(normal);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The file's number style when its separator does not tell: a cell like `1.234,5` or `12,5` (comma followed by
 * one or two digits, or by three and a dot before it) is a decimal comma; otherwise decimal points.
 */
export function detectDecimalComma(delimiter: string, samples: readonly string[]): boolean {
  if (delimiter === ';') return true;
  if (delimiter === ',') return false;
  return samples.some((text) => /^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$|^[+-]?\d+,\d{1,2}$/.test(text.trim()));
}

function isBlank(raw: RawCell): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

/** One cell into the value the domain's schema reads; `empty` when the cell is blank. */
export function readCell(kind: CellKind, raw: RawCell, style: NumberStyle): CellResult {
  if (kind === 'idList') {
    if (isBlank(raw)) return { value: [] };
    const parts = String(raw).split(/[\s,;|]+/).filter(Boolean);
    const ids = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
    return ids.some(Number.isNaN) ? { error: BULK_CELL_MESSAGE.notAnIdList } : { value: ids };
  }
  if (isBlank(raw)) return { empty: true };
  if (kind === 'text') {
    const text = typeof raw === 'string' ? raw.trim() : String(raw);
    return { value: FORMULA_GUARDED.test(text) ? text.slice(1) : text };
  }
  if (kind === 'boolean') {
    if (typeof raw === 'boolean') return { value: raw };
    const word = String(raw).trim().toLowerCase();
    if (YES.includes(word)) return { value: true };
    if (NO.includes(word)) return { value: false };
    return { error: BULK_CELL_MESSAGE.notABoolean };
  }
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? parseNumberText(raw, style) : undefined;
  if (value === undefined) return { error: BULK_CELL_MESSAGE.notANumber };
  return { value };
}

/** Exports follow the user's language: German and Dutch Excel expect `;` and decimal commas, English `,` and points. */
export function exportStyle(language: Language): { delimiter: string; decimalComma: boolean } {
  return language === 'en' ? { delimiter: ',', decimalComma: false } : { delimiter: ';', decimalComma: true };
}

const YES_WORD: Record<Language, [string, string]> = { de: ['ja', 'nein'], en: ['yes', 'no'], nl: ['ja', 'nee'] };

// A text a spreadsheet would run as a formula is exported with a leading apostrophe (and read back without it).
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_GUARDED = /^'[=+\-@\t\r]/;

/** A text cell of an export: guarded against formula injection. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A value as an export's CSV cell in the user's language (read back unchanged by `readCell`). */
export function formatCell(kind: CellKind, value: unknown, language: Language): string {
  if (value === null || value === undefined) return '';
  if (kind === 'boolean') return YES_WORD[language][value ? 0 : 1];
  if (kind === 'idList') return (value as number[]).join(' ');
  if (kind === 'decimal' || kind === 'integer') {
    const text = kind === 'decimal' ? (value as number).toFixed(2) : String(value);
    return exportStyle(language).decimalComma ? text.replace('.', ',') : text;
  }
  return safeText(String(value));
}

/** A header compared loosely: case, spaces, punctuation and umlaut spellings do not matter. */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}
