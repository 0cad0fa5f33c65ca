import { z } from 'zod';
import { MESSAGE, requiredOr, requiredText } from './validation';

/** The order table's product list has three entries per tenant: productNo 0, 1 and 2. */
export const AAC_PRODUCT_NOS = [0, 1, 2] as const;
/** "The type is FS or another" (spec §4 lintel order rows). */
export const LINTEL_TYPES = ['FS', 'other'] as const;
export type LintelType = (typeof LINTEL_TYPES)[number];
/** AAC lengths are entered in steps of 20 mm (spec §5). */
export const AAC_LENGTH_STEP_MM = 20;
export const DIMENSION_MAX_MM = 12000;
export const UNITS_PER_PALLET_MAX = 1000;
export const PRICE_MAX = 9_999_999_999.99;
export const CATALOGUE_PAGE_SIZES = [10, 20, 50, 100] as const;

export const CATALOGUE_MESSAGE = {
  wholeNumber: 'CATALOGUE.Validation.WholeNumber',
  positive: 'CATALOGUE.Validation.Positive',
  dimensionTooLarge: 'CATALOGUE.Validation.DimensionTooLarge',
  unitsTooLarge: 'CATALOGUE.Validation.UnitsPerPalletTooLarge',
  productNo: 'CATALOGUE.Validation.ProductNo',
  lengthStep: 'CATALOGUE.Validation.LengthStep',
  maxBelowMin: 'CATALOGUE.Validation.MaxBelowMin',
  lintelType: 'CATALOGUE.Validation.LintelType',
  codeCharacters: 'CATALOGUE.Validation.CodeCharacters',
  price: 'CATALOGUE.Validation.Price',
} as const;

export interface AacProduct {
  id: number;
  tenantID: number;
  tenantName: string;
  productNo: number;
  articleNo: string;
  title: string;
  value: string;
  thickness: number;
  width: number;
  minLength: number;
  maxLength: number;
  unitsPerPallet: number;
  /** List price per element or piece (two decimals); null until the price list sets one. */
  price: number | null;
  active: boolean;
}

export interface LintelProduct {
  id: number;
  tenantID: number;
  tenantName: string;
  itemNo: string;
  title: string;
  value: string;
  height: number;
  thickness: number;
  length: number;
  lintelType: LintelType;
  unitsPerPallet: number;
  /** List price per element or piece (two decimals); null until the price list sets one. */
  price: number | null;
  active: boolean;
}

/** `GET catalogue/{tenantID}`: the active products of a tenant, as the order tables read them. */
export interface TenantCatalogue {
  tenantID: number;
  aac: AacProduct[];
  lintel: LintelProduct[];
}

/** Like `requiredOr`, with a message of this area for a value of the wrong kind. */
const requiredOrKey = (key: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? MESSAGE.required : key);

const wholeNumber = () => z.number({ error: requiredOrKey(CATALOGUE_MESSAGE.wholeNumber) }).int(CATALOGUE_MESSAGE.wholeNumber);

/** Millimetres: a whole number above 0, at most 12 m. */
const millimetres = () => wholeNumber().min(1, CATALOGUE_MESSAGE.positive).max(DIMENSION_MAX_MM, CATALOGUE_MESSAGE.dimensionTooLarge);
const aacLength = () => millimetres().multipleOf(AAC_LENGTH_STEP_MM, CATALOGUE_MESSAGE.lengthStep);

/** Article and item numbers: letters, digits and - . / _ (they appear on delivery notes). */
const code = (max: number) => requiredText(max).refine((text) => !text || /^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u.test(text), CATALOGUE_MESSAGE.codeCharacters);

const common = {
  tenantID: z.number({ error: requiredOr() }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue),
  title: requiredText(200),
  value: code(60),
  unitsPerPallet: wholeNumber().min(1, CATALOGUE_MESSAGE.positive).max(UNITS_PER_PALLET_MAX, CATALOGUE_MESSAGE.unitsTooLarge),
  active: z.boolean({ error: requiredOr() }),
  /** Cents at most: a price list has two decimals. */
  price: z
    .number({ error: CATALOGUE_MESSAGE.price })
    .min(0, CATALOGUE_MESSAGE.price)
    .max(PRICE_MAX, CATALOGUE_MESSAGE.price)
    .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, CATALOGUE_MESSAGE.price)
    .nullable()
    .optional(),
};

const aacFields = {
  ...common,
  productNo: z
    .number({ error: requiredOrKey(CATALOGUE_MESSAGE.productNo) })
    .refine((value) => (AAC_PRODUCT_NOS as readonly number[]).includes(value), CATALOGUE_MESSAGE.productNo),
  articleNo: code(40),
  thickness: millimetres(),
  width: millimetres(),
  minLength: aacLength(),
  maxLength: aacLength(),
};

export function aacLengthsAreOrdered(value: { minLength?: unknown; maxLength?: unknown }): boolean {
  if (!value || typeof value !== 'object') return true;
  const { minLength, maxLength } = value;
  // A missing or invalid length is reported by its own field.
  if (typeof minLength !== 'number' || typeof maxLength !== 'number') return true;
  return maxLength >= minLength;
}

/** A new AAC product (form and POST); `when`: the order is checked while other fields are still invalid. */
export const aacProductCreateSchema = z
  .strictObject(aacFields)
  .refine(aacLengthsAreOrdered, { message: CATALOGUE_MESSAGE.maxBelowMin, path: ['maxLength'], when: () => true });

/** A change: any subset (the API checks the lengths against the stored record). */
export const aacProductUpdateSchema = z.strictObject(aacFields).partial();

export type AacProductInput = z.infer<typeof aacProductCreateSchema>;

const lintelFields = {
  ...common,
  itemNo: code(40),
  height: millimetres(),
  thickness: millimetres(),
  length: millimetres(),
  lintelType: z.enum(LINTEL_TYPES, { error: requiredOrKey(CATALOGUE_MESSAGE.lintelType) }),
};

export const lintelProductCreateSchema = z.strictObject(lintelFields);
export const lintelProductUpdateSchema = z.strictObject(lintelFields).partial();

export type LintelProductInput = z.infer<typeof lintelProductCreateSchema>;

export const aacProductDefaults: Partial<AacProductInput> = { active: true, productNo: 0, width: 625, minLength: 1000, maxLength: 6000, unitsPerPallet: 12 };
export const lintelProductDefaults: Partial<LintelProductInput> = { active: true, lintelType: 'FS', height: 124, unitsPerPallet: 20 };
