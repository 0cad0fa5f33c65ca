/**
 * Dates, times, calendar weeks and numbers in the user's language (de, en, nl), never the browser's locale: every
 * screen formats through these functions with the interface language (`useLocaleState()`), so one language shows one
 * style everywhere ("05.12.2026" beside "04.01.2027", never "4.1.2027").
 */
import { DEFAULT_LANGUAGE } from './languages';

export type DateValue = string | number | Date;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // Never the browser's locale: without a language, the portal's default one.
  const key = `${language ?? DEFAULT_LANGUAGE}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(language ?? DEFAULT_LANGUAGE, options)));
  return format;
}

/** A calendar day (yyyy-mm-dd) is a day, not an instant: it is read and shown in UTC so no time zone shifts it. */
function toDate(value: DateValue): { date: Date; calendarDay: boolean } {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return { date: new Date(`${value}T00:00:00Z`), calendarDay: true };
  return { date: value instanceof Date ? value : new Date(value), calendarDay: false };
}

function formatWith(value: DateValue | null | undefined, language: string | undefined, options: Intl.DateTimeFormatOptions): string {
  if (value === null || value === undefined || value === '') return '';
  const { date, calendarDay } = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(language, calendarDay ? { ...options, timeStyle: undefined, timeZone: 'UTC' } : options).format(date);
}

/** "05.12.2026" (de), "Dec 5, 2026" (en), "5 dec 2026" (nl). */
export const formatDate = (value: DateValue | null | undefined, language: string | undefined) => formatWith(value, language, { dateStyle: 'medium' });

/** "05.12.2026, 14:30" (de), "Dec 5, 2026, 2:30 PM" (en), "5 dec 2026, 14:30" (nl). */
export const formatDateTime = (value: DateValue | null | undefined, language: string | undefined) => formatWith(value, language, { dateStyle: 'medium', timeStyle: 'short' });

/** "14:30" (de, nl), "2:30 PM" (en). */
export const formatTime = (value: DateValue | null | undefined, language: string | undefined) => formatWith(value, language, { timeStyle: 'short' });

/** The long form for hover texts: "Samstag, 5. Dezember 2026 um 14:30". */
export const formatFullDateTime = (value: DateValue | null | undefined, language: string | undefined) => formatWith(value, language, { dateStyle: 'full', timeStyle: 'short' });

/** Numbers with the language's separators: "1.234,5" (de), "1,234.5" (en). Non-finite values show as "–". */
export function formatNumber(value: number, language: string | undefined, fractionDigits: { min?: number; max?: number } = { max: 3 }): string {
  if (!Number.isFinite(value)) return '–';
  const key = `${language ?? DEFAULT_LANGUAGE}|${fractionDigits.min ?? ''}|${fractionDigits.max ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language ?? DEFAULT_LANGUAGE, { minimumFractionDigits: fractionDigits.min, maximumFractionDigits: Math.max(fractionDigits.max ?? 3, fractionDigits.min ?? 0) })));
  return format.format(value);
}

/** How each language writes a calendar week. */
const WEEK_PATTERN: Record<string, (week: number, year: number) => string> = {
  de: (week, year) => `KW ${week}/${year}`,
  en: (week, year) => `Week ${week}, ${year}`,
  nl: (week, year) => `week ${week}, ${year}`,
};

/** An ISO week ("2026-W52") as the language writes it: "KW 52/2026" (de), "Week 52, 2026" (en), "week 52, 2026" (nl). */
export function formatIsoWeek(isoWeek: string, language: string | undefined): string {
  const match = ISO_WEEK.exec(isoWeek);
  if (!match) return isoWeek;
  return (WEEK_PATTERN[language ?? DEFAULT_LANGUAGE] ?? WEEK_PATTERN.en)(Number(match[2]), Number(match[1]));
}

/** The ISO week ("2026-W07") a day falls in (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(day: Date): string {
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The ISO weeks from `weeksBefore` weeks before `from` to `weeksAfter` weeks after it, in order. */
export function isoWeeksAround(from: Date, weeksBefore: number, weeksAfter: number): string[] {
  const weeks: string[] = [];
  for (let offset = -weeksBefore; offset <= weeksAfter; offset++) {
    const week = isoWeekOf(new Date(from.getTime() + offset * 7 * 86_400_000));
    if (weeks[weeks.length - 1] !== week) weeks.push(week);
  }
  return weeks;
}

/** 532 B, 12.5 KB, 3.2 MB in the user's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, locale, { max: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
