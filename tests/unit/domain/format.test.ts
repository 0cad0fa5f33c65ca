import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoWeek, formatNumber, isoWeekOf, isoWeeksAround } from '../../../src/domain/format';

describe('formatting in the user language', () => {
  it('writes every German date with two-digit day and month, whatever the date', () => {
    expect(formatDate('2027-01-04', 'de')).toBe('04.01.2027');
    expect(formatDate('2026-12-05', 'de')).toBe('05.12.2026');
    expect(formatDate('2026-12-05', 'en')).toBe('Dec 5, 2026');
    expect(formatDate('2026-12-05', 'nl')).toBe('5 dec 2026');
  });
  it('shows a calendar day as that day in every time zone, and instants with their time', () => {
    expect(formatDate('2026-12-31', 'de')).toBe('31.12.2026');
    expect(formatDateTime(new Date(2026, 11, 5, 14, 30), 'de')).toBe('05.12.2026, 14:30');
  });
  it('answers empty text for no date and the raw text for one it cannot read', () => {
    expect(formatDate(null, 'de')).toBe('');
    expect(formatDate('soon', 'de')).toBe('soon');
  });
  it('writes numbers with the language separators', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(2, 'de', { min: 2, max: 2 })).toBe('2,00');
    expect(formatNumber(Number.NaN, 'de')).toBe('–');
  });
  it('writes calendar weeks as each language does', () => {
    expect(formatIsoWeek('2026-W52', 'de')).toBe('KW 52/2026');
    expect(formatIsoWeek('2026-W52', 'en')).toBe('Week 52, 2026');
    expect(formatIsoWeek('2026-W07', 'nl')).toBe('week 7, 2026');
    expect(formatIsoWeek('', 'de')).toBe('');
  });
  it('finds the ISO week of a day, across year ends', () => {
    expect(isoWeekOf(new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2027-01-04T12:00:00Z'))).toBe('2027-W01');
    expect(isoWeekOf(new Date('2025-12-29T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeeksAround(new Date('2026-12-31T12:00:00Z'), 1, 1)).toEqual(['2026-W52', '2026-W53', '2027-W01']);
  });
});
