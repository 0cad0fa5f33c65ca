import { z } from 'zod';
import { MESSAGE } from './validation';

/** The spec's minimum (§5, §9); the maximum keeps a typo (3000 instead of 30) from planning years ahead. */
export const PRELIMINARY_DAYS_MIN = 1;
export const PRELIMINARY_DAYS_MAX = 365;
/** Used for a new plant × product type pair when the tenant has no value at all yet. */
export const PRELIMINARY_DAYS_DEFAULT = 10;

export const PRELIMINARY_MESSAGE = {
  wholeNumber: 'PRELIMINARY.WholeNumber',
  minimum: 'PRELIMINARY.Minimum',
  maximum: 'PRELIMINARY.Maximum',
} as const;

/** One row of the admin table as the API answers it. */
export interface PreliminaryDaysRecord {
  id: number;
  productPlantPreliminaryDaysID: number;
  tenantID: number;
  plantID: number;
  plantName: string;
  productTypeID: number;
  productTypeTitle: string;
  preliminaryDays: number;
}

/** A stored value: plant × product type. */
export interface PreliminaryDaysValue {
  plantId: number;
  productTypeId: number;
  preliminaryDays: number;
}

/** The number of days itself: whole, at least 1, at most 365. Messages are translation keys. */
export const preliminaryDaysNumber = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGE.required : PRELIMINARY_MESSAGE.wholeNumber) })
  .int(PRELIMINARY_MESSAGE.wholeNumber)
  .min(PRELIMINARY_DAYS_MIN, PRELIMINARY_MESSAGE.minimum)
  .max(PRELIMINARY_DAYS_MAX, PRELIMINARY_MESSAGE.maximum);

/** `PUT productplantpreliminarydays/{id}`: the spec sends `PreliminaryDays`; `preliminaryDays` is accepted too. */
export const preliminaryDaysUpdateSchema = z
  .strictObject({ PreliminaryDays: preliminaryDaysNumber.optional(), preliminaryDays: preliminaryDaysNumber.optional() })
  .refine((body) => body.PreliminaryDays !== undefined || body.preliminaryDays !== undefined, {
    message: MESSAGE.required,
    path: ['PreliminaryDays'],
  })
  .transform((body) => (body.PreliminaryDays ?? body.preliminaryDays) as number);

/** The value typed into the table's input: a translation key when it is not a valid number of days. */
export function preliminaryDaysInputError(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return MESSAGE.required;
  if (!/^[+-]?\d+$/.test(trimmed)) return PRELIMINARY_MESSAGE.wholeNumber;
  const result = preliminaryDaysNumber.safeParse(Number(trimmed));
  return result.success ? undefined : result.error.issues[0].message;
}

/** The largest value of a tenant's rows; the default when the tenant has none. */
export function largestPreliminaryDays(values: readonly Pick<PreliminaryDaysValue, 'preliminaryDays'>[]): number {
  return values.reduce((largest, value) => Math.max(largest, value.preliminaryDays), 0) || PRELIMINARY_DAYS_DEFAULT;
}

/**
 * The plant × product type pairs of one tenant that have no row yet, each with the value a new row gets
 * (the largest of the tenant, else the default), so that the admin table always shows every pair.
 */
export function missingPreliminaryDays(
  plantIds: readonly number[],
  productTypeIds: readonly number[],
  existing: readonly PreliminaryDaysValue[],
): PreliminaryDaysValue[] {
  const known = new Set(existing.map((value) => `${value.plantId}:${value.productTypeId}`));
  const preliminaryDays = largestPreliminaryDays(existing);
  return plantIds.flatMap((plantId) =>
    productTypeIds.filter((productTypeId) => !known.has(`${plantId}:${productTypeId}`)).map((productTypeId) => ({ plantId, productTypeId, preliminaryDays })),
  );
}

/** The spec's order of the admin table: plant name, then product type title. */
export function comparePreliminaryDaysRows(
  a: Pick<PreliminaryDaysRecord, 'plantName' | 'productTypeTitle' | 'id'>,
  b: Pick<PreliminaryDaysRecord, 'plantName' | 'productTypeTitle' | 'id'>,
): number {
  return a.plantName.localeCompare(b.plantName) || a.productTypeTitle.localeCompare(b.productTypeTitle) || a.id - b.id;
}

export interface PreliminaryDaysUnit {
  plantId: number | null;
  productTypeId: number | null;
}

/**
 * The preliminary days that apply to a unit: the table's value for its plant × product type; before staff
 * have assigned a plant, the sales organisation's default plant; where no row exists (no product type yet,
 * no plant at all, or a pair without a value), the largest value of the tenant. `tenantValues` are all
 * rows of the unit's tenant.
 */
export function effectivePreliminaryDays(
  unit: PreliminaryDaysUnit,
  salesOrgDefaultPlantId: number | null | undefined,
  tenantValues: readonly PreliminaryDaysValue[],
): number {
  const plantId = unit.plantId ?? salesOrgDefaultPlantId ?? null;
  if (plantId !== null && unit.productTypeId !== null) {
    const row = tenantValues.find((value) => value.plantId === plantId && value.productTypeId === unit.productTypeId);
    if (row) return row.preliminaryDays;
  }
  return largestPreliminaryDays(tenantValues);
}
