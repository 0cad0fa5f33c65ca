import { z } from 'zod';
import { MESSAGE, requiredOr, requiredText } from './validation';

/** Message keys of the master-data rules beyond the common VALIDATION ones. */
export const MASTER_DATA_MESSAGE = {
  invalidColor: 'ADMIN.MasterData.InvalidColor',
  invalidUrl: 'ADMIN.MasterData.InvalidUrl',
  invalidKey: 'ADMIN.SalesOrgs.InvalidKey',
  invalidEmail: 'VALIDATION.InvalidEmail',
} as const;

export const MASTER_NAME_MAX = 200;
export const SALES_ORG_KEY_MAX = 40;
export const URL_MAX = 500;
export const EMAIL_MAX = 254;
/** Sales organisation images and tenant logos: PNG, at most 1 MB. */
export const BRAND_IMAGE_MAX_BYTES = 1024 * 1024;
export const MASTER_PAGE_SIZES = [10, 20, 50, 100] as const;

/** A colour as the product-type chips use it: `#rrggbb`. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
// Sales organisation keys start project numbers ("NS-DE-2026-0001"): letters, digits, - and _.
const SALES_ORG_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const tenantID = z.number({ error: requiredOr() }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue);
const color = z.string({ error: requiredOr() }).trim().regex(HEX_COLOR, MASTER_DATA_MESSAGE.invalidColor);

export type Plant = {
  id: number;
  plantID: number;
  name: string;
  tenantID: number;
  /** Optimistic concurrency: an edit names it and is refused (409) when the record changed meanwhile. */
  version: number;
};

export const plantCreateSchema = z.strictObject({ name: requiredText(MASTER_NAME_MAX), tenantID });
export const plantUpdateSchema = plantCreateSchema.partial();
export type PlantInput = z.infer<typeof plantCreateSchema>;

export type ProductType = {
  id: number;
  productTypeID: number;
  title: string;
  bgColor: string;
  textColor: string;
  tenantID: number;
  /** Optimistic concurrency: an edit names it and is refused (409) when the record changed meanwhile. */
  version: number;
};

export const productTypeCreateSchema = z.strictObject({
  title: requiredText(MASTER_NAME_MAX),
  bgColor: color,
  textColor: color,
  tenantID,
});
export const productTypeUpdateSchema = productTypeCreateSchema.partial();
export type ProductTypeInput = z.infer<typeof productTypeCreateSchema>;
export const productTypeDefaults = () => ({ bgColor: '#607d8b', textColor: '#ffffff' });

/** The admin form's fields of a sales organisation (homepage and contact mail live in its additionalInfo). */
export const salesOrgCreateSchema = z.strictObject({
  salesOrgKey: requiredText(SALES_ORG_KEY_MAX).regex(SALES_ORG_KEY, MASTER_DATA_MESSAGE.invalidKey),
  title: requiredText(MASTER_NAME_MAX),
  tenantID,
  salesOrgUrl: z
    .string({ error: MESSAGE.invalidType })
    .trim()
    .max(URL_MAX, MESSAGE.tooLong)
    .refine((value) => value === '' || isHttpUrl(value), MASTER_DATA_MESSAGE.invalidUrl)
    .optional(),
  contactMail: z
    .string({ error: MESSAGE.invalidType })
    .trim()
    .max(EMAIL_MAX, MESSAGE.tooLong)
    .refine((value) => value === '' || EMAIL.test(value), MASTER_DATA_MESSAGE.invalidEmail)
    .optional(),
  defaultPlantID: z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue).nullable().optional(),
});
export const salesOrgUpdateSchema = salesOrgCreateSchema.partial();
export type SalesOrgInput = z.infer<typeof salesOrgCreateSchema>;
