import { describe, expect, it } from 'vitest';
import {
  comparePreliminaryDaysRows,
  effectivePreliminaryDays,
  largestPreliminaryDays,
  missingPreliminaryDays,
  preliminaryDaysInputError,
  preliminaryDaysNumber,
  preliminaryDaysUpdateSchema,
  PRELIMINARY_DAYS_DEFAULT,
} from '../../../src/domain/preliminaryDays';

const messageOf = (value: unknown) => {
  const result = preliminaryDaysNumber.safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
};

describe('the number of preliminary days', () => {
  it('is a whole number from 1 to 365', () => {
    expect(messageOf(1)).toBeUndefined();
    expect(messageOf(365)).toBeUndefined();
    expect(messageOf(0)).toBe('PRELIMINARY.Minimum');
    expect(messageOf(-3)).toBe('PRELIMINARY.Minimum');
    expect(messageOf(366)).toBe('PRELIMINARY.Maximum');
    expect(messageOf(1.5)).toBe('PRELIMINARY.WholeNumber');
    expect(messageOf('7')).toBe('PRELIMINARY.WholeNumber');
    expect(messageOf(Number.NaN)).toBe('PRELIMINARY.WholeNumber');
    expect(messageOf(undefined)).toBe('VALIDATION.IsRequired');
    expect(messageOf(null)).toBe('VALIDATION.IsRequired');
  });

  it('the update takes PreliminaryDays (the spec) or preliminaryDays, nothing else', () => {
    expect(preliminaryDaysUpdateSchema.parse({ PreliminaryDays: 12 })).toBe(12);
    expect(preliminaryDaysUpdateSchema.parse({ preliminaryDays: 3 })).toBe(3);
    const missing = preliminaryDaysUpdateSchema.safeParse({});
    expect(missing.success || missing.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['PreliminaryDays', 'VALIDATION.IsRequired']]);
    const unknown = preliminaryDaysUpdateSchema.safeParse({ PreliminaryDays: 3, plantID: 1 });
    expect(unknown.success).toBe(false);
  });

  it('the table input text: required, whole, in range', () => {
    expect(preliminaryDaysInputError('14')).toBeUndefined();
    expect(preliminaryDaysInputError(' 7 ')).toBeUndefined();
    expect(preliminaryDaysInputError('')).toBe('VALIDATION.IsRequired');
    expect(preliminaryDaysInputError('x')).toBe('PRELIMINARY.WholeNumber');
    expect(preliminaryDaysInputError('1.5')).toBe('PRELIMINARY.WholeNumber');
    expect(preliminaryDaysInputError('1e2')).toBe('PRELIMINARY.WholeNumber');
    expect(preliminaryDaysInputError('0')).toBe('PRELIMINARY.Minimum');
    expect(preliminaryDaysInputError('366')).toBe('PRELIMINARY.Maximum');
  });
});

describe('new rows and the order of the table', () => {
  it('the largest value of the tenant, else the default', () => {
    expect(largestPreliminaryDays([{ preliminaryDays: 7 }, { preliminaryDays: 21 }, { preliminaryDays: 9 }])).toBe(21);
    expect(largestPreliminaryDays([])).toBe(PRELIMINARY_DAYS_DEFAULT);
  });

  it('finds the missing plant × product type pairs and gives them the largest value', () => {
    const existing = [
      { plantId: 1, productTypeId: 10, preliminaryDays: 7 },
      { plantId: 2, productTypeId: 11, preliminaryDays: 15 },
    ];
    expect(missingPreliminaryDays([1, 2], [10, 11], existing)).toEqual([
      { plantId: 1, productTypeId: 11, preliminaryDays: 15 },
      { plantId: 2, productTypeId: 10, preliminaryDays: 15 },
    ]);
    expect(missingPreliminaryDays([1], [10], existing)).toEqual([]);
    expect(missingPreliminaryDays([5], [6], [])).toEqual([{ plantId: 5, productTypeId: 6, preliminaryDays: PRELIMINARY_DAYS_DEFAULT }]);
    expect(missingPreliminaryDays([], [6], [])).toEqual([]);
  });

  it('sorts by plant name, then product type title', () => {
    const rows = [
      { id: 1, plantName: 'Werk Hannover', productTypeTitle: 'Stürze' },
      { id: 2, plantName: 'Werk Bremen', productTypeTitle: 'Stürze' },
      { id: 3, plantName: 'Werk Bremen', productTypeTitle: 'Deckenelemente' },
      { id: 4, plantName: 'Fabriek Deventer', productTypeTitle: 'Lateien' },
    ];
    expect([...rows].sort(comparePreliminaryDaysRows).map((row) => row.id)).toEqual([4, 3, 2, 1]);
  });
});

describe('the effective preliminary days of a unit', () => {
  // Tenant: plants 1 and 2, product types 10 and 11; pair 2 × 11 has no row.
  const values = [
    { plantId: 1, productTypeId: 10, preliminaryDays: 7 },
    { plantId: 1, productTypeId: 11, preliminaryDays: 12 },
    { plantId: 2, productTypeId: 10, preliminaryDays: 20 },
  ];

  it('is the value of the unit’s plant × product type', () => {
    expect(effectivePreliminaryDays({ plantId: 1, productTypeId: 11 }, 2, values)).toBe(12);
    expect(effectivePreliminaryDays({ plantId: 2, productTypeId: 10 }, 1, values)).toBe(20);
  });

  it('uses the sales organisation’s default plant before a plant is assigned', () => {
    expect(effectivePreliminaryDays({ plantId: null, productTypeId: 10 }, 1, values)).toBe(7);
    expect(effectivePreliminaryDays({ plantId: null, productTypeId: 11 }, 1, values)).toBe(12);
  });

  it('falls back to the largest value of the tenant where no row exists', () => {
    expect(effectivePreliminaryDays({ plantId: 2, productTypeId: 11 }, 1, values)).toBe(20);
    expect(effectivePreliminaryDays({ plantId: 1, productTypeId: null }, 1, values)).toBe(20);
    expect(effectivePreliminaryDays({ plantId: null, productTypeId: 10 }, null, values)).toBe(20);
    expect(effectivePreliminaryDays({ plantId: null, productTypeId: 10 }, undefined, [])).toBe(PRELIMINARY_DAYS_DEFAULT);
  });
});
