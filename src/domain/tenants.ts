import { z } from 'zod';
import { PROJECT_FEATURES } from './projectUnits';
import { MESSAGE, requiredOr, requiredText } from './validation';

/** Standard tenants, and the one CCL tenant with the drawing-service flow. */
export const TENANT_TYPES = ['standard', 'ccl'] as const;
export type TenantType = (typeof TENANT_TYPES)[number];

/** Tenant-level feature flags the portal knows (project-level flags are PROJECT_FEATURES). */
export const TENANT_FEATURES = ['AdvancedSearch', 'ShowTenantInfo'] as const;
export type TenantFeature = (typeof TENANT_FEATURES)[number];

export const TENANT_NAME_MAX = 200;
export const TENANT_INFO_HTML_MAX = 20_000;

/** The tenant as `GET api/data/planxchange/tenants/{id}` answers it. */
export type Tenant = {
  id: number;
  tenantID: number;
  name: string;
  type: TenantType;
  features: TenantFeature[];
  projectFeatureDefaults: (typeof PROJECT_FEATURES)[number][];
  infoHtml: string;
  hasLogo: boolean;
  /** The logo's address with a cache-busting `ts`, or '' without a logo. */
  logoUrl: string;
  /** Optimistic concurrency: an edit names it and is refused (409) when the record changed meanwhile. */
  version: number;
};

/** A list of known flags, each at most once. */
function flagList<T extends readonly [string, ...string[]]>(known: T) {
  return z
    .array(z.enum(known, { error: MESSAGE.invalidValue }), { error: requiredOr() })
    .max(known.length, MESSAGE.tooLong)
    .refine((flags) => new Set(flags).size === flags.length, MESSAGE.invalidValue);
}

const tenantFields = {
  name: requiredText(TENANT_NAME_MAX),
  type: z.enum(TENANT_TYPES, { error: requiredOr(MESSAGE.invalidValue) }),
  features: flagList(TENANT_FEATURES),
  projectFeatureDefaults: flagList(PROJECT_FEATURES),
  // HTML: sanitised by the server on save; the form previews the sanitised result.
  infoHtml: z.string({ error: requiredOr() }).max(TENANT_INFO_HTML_MAX, MESSAGE.tooLong),
};

/** A new tenant: name and type required; flags and info text optional (empty). Used by the form and by POST. */
export const tenantCreateSchema = z.strictObject({
  ...tenantFields,
  features: tenantFields.features.optional(),
  projectFeatureDefaults: tenantFields.projectFeatureDefaults.optional(),
  infoHtml: tenantFields.infoHtml.optional(),
});

/** A change: any subset of the fields. */
export const tenantUpdateSchema = z.strictObject(tenantFields).partial();

export type TenantInput = z.infer<typeof tenantCreateSchema>;

export function tenantDefaults(): Required<TenantInput> {
  return { name: '', type: 'standard', features: [], projectFeatureDefaults: [], infoHtml: '' };
}
