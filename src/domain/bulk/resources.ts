import { z } from 'zod';
import { aacProductCreateSchema, lintelProductCreateSchema, LINTEL_TYPES, PRICE_MAX } from '../catalogue';
import { LANGUAGES } from '../languages';
import { plantCreateSchema, productTypeCreateSchema } from '../masterData';
import { canAccess, type PermissionUser } from '../permissions';
import { preliminaryDaysNumber } from '../preliminaryDays';
import { userCreateSchema } from '../users';
import { MESSAGE } from '../validation';
import type { CellKind } from './cells';
import { BULK_RESOURCES, isBulkResource, type BulkResource } from './names';
import { AAC_PRODUCTS_RESOURCE, LINTEL_PRODUCTS_RESOURCE, PLANTS_RESOURCE, PRELIMINARY_DAYS_RESOURCE, PRODUCT_TYPES_RESOURCE, USERS_RESOURCE } from '../resources';

export { BULK_RESOURCES, isBulkResource, type BulkResource };

/** The app's resource (route) of each: column headers and labels are that list's field labels. */
export const BULK_APP_RESOURCE: Record<BulkResource, string> = {
  aacproducts: AAC_PRODUCTS_RESOURCE,
  lintelproducts: LINTEL_PRODUCTS_RESOURCE,
  users: USERS_RESOURCE,
  plants: PLANTS_RESOURCE,
  producttypes: PRODUCT_TYPES_RESOURCE,
  productplantpreliminarydays: PRELIMINARY_DAYS_RESOURCE,
};


export interface BulkColumn {
  field: string;
  kind: CellKind;
  /** Exported for reading (a name beside an id); never written by an import. */
  readOnly?: boolean;
}

export interface BulkDefinition {
  columns: BulkColumn[];
  /**
   * Natural keys a file row is matched by, in order: the first whose fields the row has. A key field that is
   * not written (an id) must find its record.
   */
  keys: string[][];
  /** Fields that identify a record but are not written (ids of the export). */
  idFields?: string[];
  /** The whole record as the forms validate it (create schema); imports and bulk edits check every row with it. */
  schema: z.ZodType;
  /** Imports only change existing records (the preliminary days matrix is completed by the server). */
  updateOnly?: boolean;
  /** Fields a bulk edit may set to one value for all selected records, with the value's schema. */
  bulkFields: Record<string, z.ZodType>;
}

const col = (field: string, kind: CellKind = 'text', readOnly = false): BulkColumn => ({ field, kind, ...(readOnly ? { readOnly } : {}) });
const flag = z.boolean({ error: MESSAGE.invalidType });
const tenantID = z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue);
const price = z.number({ error: 'CATALOGUE.Validation.Price' }).min(0, 'CATALOGUE.Validation.Price').max(PRICE_MAX, 'CATALOGUE.Validation.Price').nullable();
const unitsPerPallet = z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidType).min(1, MESSAGE.invalidValue);

/** The record an import or a bulk edit writes for a user: the create form's fields plus "active". */
const userImportSchema = userCreateSchema.extend({ isActive: flag.default(true) });

export const BULK_DEFINITIONS: Record<BulkResource, BulkDefinition> = {
  aacproducts: {
    columns: [
      col('tenantID', 'integer'), col('tenantName', 'text', true), col('productNo', 'integer'), col('articleNo'), col('title'), col('value'),
      col('thickness', 'integer'), col('width', 'integer'), col('minLength', 'integer'), col('maxLength', 'integer'),
      col('unitsPerPallet', 'integer'), col('price', 'decimal'), col('active', 'boolean'),
    ],
    keys: [['tenantID', 'articleNo']],
    schema: aacProductCreateSchema,
    bulkFields: { active: flag, price, unitsPerPallet, tenantID },
  },
  lintelproducts: {
    columns: [
      col('tenantID', 'integer'), col('tenantName', 'text', true), col('itemNo'), col('title'), col('value'), col('height', 'integer'),
      col('thickness', 'integer'), col('length', 'integer'), col('lintelType'), col('unitsPerPallet', 'integer'), col('price', 'decimal'), col('active', 'boolean'),
    ],
    keys: [['tenantID', 'itemNo']],
    schema: lintelProductCreateSchema,
    bulkFields: { active: flag, price, unitsPerPallet, lintelType: z.enum(LINTEL_TYPES, { error: MESSAGE.invalidValue }), tenantID },
  },
  users: {
    columns: [
      col('login'), col('email'), col('firstName'), col('lastName'), col('language'), col('isInternal', 'boolean'), col('isExternalLogin', 'boolean'),
      col('isAdmin', 'boolean'), col('isConfigurer', 'boolean'), col('isActive', 'boolean'), col('tenantIDs', 'idList'), col('salesOrgIDs', 'idList'),
    ],
    keys: [['login'], ['email']],
    schema: userImportSchema,
    bulkFields: {
      isActive: flag,
      isInternal: flag,
      isExternalLogin: flag,
      language: z.enum(LANGUAGES, { error: MESSAGE.invalidValue }),
      tenantIDs: z.array(tenantID).max(500, MESSAGE.tooLong),
    },
  },
  plants: {
    columns: [col('plantID', 'integer'), col('tenantID', 'integer'), col('name')],
    keys: [['plantID'], ['tenantID', 'name']],
    idFields: ['plantID'],
    schema: plantCreateSchema,
    bulkFields: {},
  },
  producttypes: {
    columns: [col('productTypeID', 'integer'), col('tenantID', 'integer'), col('title'), col('bgColor'), col('textColor')],
    keys: [['productTypeID'], ['tenantID', 'title']],
    idFields: ['productTypeID'],
    schema: productTypeCreateSchema,
    bulkFields: { bgColor: productTypeCreateSchema.shape.bgColor, textColor: productTypeCreateSchema.shape.textColor },
  },
  productplantpreliminarydays: {
    columns: [
      col('plantID', 'integer'), col('plantName', 'text', true), col('productTypeID', 'integer'), col('productTypeTitle', 'text', true),
      col('preliminaryDays', 'integer'),
    ],
    keys: [['plantID', 'productTypeID']],
    idFields: ['plantID', 'productTypeID'],
    schema: z.strictObject({ preliminaryDays: preliminaryDaysNumber }),
    updateOnly: true,
    bulkFields: { preliminaryDays: preliminaryDaysNumber },
  },
};

/**
 * Lists exported whole by the server (no import): the same streamed CSV/Excel as the bulk resources, with these
 * columns. Dates stay ISO 8601 (Excel reads them as dates in any language; an import would read them back).
 */
export const EXPORT_ONLY_DEFINITIONS: Record<string, { appResource: string; columns: BulkColumn[] }> = {
  tenants: {
    appResource: 'admin/tenants',
    columns: [col('tenantID', 'integer'), col('name'), col('type'), col('features', 'idList'), col('projectFeatureDefaults', 'idList'), col('hasLogo', 'boolean')],
  },
  salesorganisations: {
    appResource: 'admin/salesorganisations',
    columns: [col('salesOrgKey'), col('title'), col('tenantID', 'integer'), col('defaultPlantID', 'integer'), col('salesOrgUrl'), col('contactMail')],
  },
  mails: {
    appResource: 'admin/mails',
    columns: [col('createdAt'), col('kind'), col('recipient'), col('subject'), col('status'), col('attempts', 'integer'), col('sentAt'), col('lastError')],
  },
  'banner-notifications': {
    appResource: 'admin/banner-notifications',
    columns: [col('title'), col('text'), col('level'), col('showFrom'), col('showUntil'), col('salesOrgs', 'idList')],
  },
  bulkoperations: {
    appResource: 'admin/bulkoperations',
    columns: [col('createdAt'), col('userLogin'), col('kind'), col('resource'), col('fileName'), col('created', 'integer'), col('updated', 'integer'), col('unchanged', 'integer')],
  },
  projectfeatures: {
    appResource: 'admin/projectfeatures',
    columns: [col('projectUnitNo'), col('title'), col('tenantName'), col('stateKey'), col('features', 'idList')],
  },
};

/** Every list the server exports whole (bulk resources and export-only lists), by API name. */
export function isExportResource(name: string): boolean {
  return isBulkResource(name) || Object.hasOwn(EXPORT_ONLY_DEFINITIONS, name);
}

/** The columns and the app resource (for the labels) of an exportable list. */
export function exportSheet(name: string): { appResource: string; columns: BulkColumn[] } {
  return isBulkResource(name) ? { appResource: BULK_APP_RESOURCE[name], columns: BULK_DEFINITIONS[name].columns } : EXPORT_ONLY_DEFINITIONS[name];
}

/** The written columns of a resource (what a file may set). */
export function writableFields(resource: BulkResource): string[] {
  return BULK_DEFINITIONS[resource].columns.filter((column) => !column.readOnly).map((column) => column.field);
}

/** Import, bulk edit and the unlimited export are the administrators' (the API asks the same function). */
export function canBulkAdminister(user: PermissionUser | null | undefined, resource: string): boolean {
  return isBulkResource(resource) && canAccess(user, { action: 'import', resource }) && Boolean(user?.isAdmin);
}

export const BULK_EDIT_MAX_IDS = 1000;
/** The most fields one bulk edit sets. */
export const BULK_EDIT_MAX_FIELDS = 100;
/** An import file: 20 MB holds far more than a catalogue's rows in either format. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const BULK_MESSAGE = {
  invalidRows: 'BULK.Import.InvalidRows',
  duplicateKey: 'BULK.Import.DuplicateKey',
  noKey: 'BULK.Import.NoKey',
  unknownRecord: 'BULK.Import.UnknownRecord',
  fieldNotBulk: 'BULK.Edit.FieldNotAllowed',
  emptyFile: 'BULK.Import.EmptyFile',
  tooManyRows: 'BULK.Import.TooManyRows',
  tooManyCells: 'BULK.Import.TooManyCells',
  unreadable: 'BULK.Import.Unreadable',
  unknownColumn: 'BULK.Import.UnknownColumn',
  notInUpdateOnly: 'BULK.Import.OnlyUpdates',
  unknownIds: 'BULK.Edit.UnknownIds',
} as const;

/** `POST api/bulk/{resource}/update`: the selected records and the fields set to one value for all. */
export const bulkEditSchema = z.strictObject({
  ids: z
    .array(z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue), { error: MESSAGE.required })
    .min(1, MESSAGE.atLeastOne)
    .max(BULK_EDIT_MAX_IDS, MESSAGE.tooLong),
  data: z
    .record(z.string(), z.unknown(), { error: MESSAGE.required })
    .refine((data) => Object.keys(data).length > 0, MESSAGE.atLeastOne)
    // A resource has a few dozen fields; the per-field checks come after this bound.
    .refine((data) => Object.keys(data).length <= BULK_EDIT_MAX_FIELDS, MESSAGE.tooLong),
});

export type BulkEdit = z.infer<typeof bulkEditSchema>;
