import type { TooEarlyDate } from './deliveryDates';
import { z } from 'zod';
import { canDeleteFile } from './projectFiles';
import { whileProjectOpen, type RuleResult } from './projectState';
import { MESSAGE, requiredText } from './validation';

export const UNIT_TYPES = ['project', 'subproject', 'approvallot', 'lintelorderlot', 'aacorderlot', 'drawingjob', 'folder'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const UNIT_VARIANTS = ['aac_elements', 'lintel', 'other'] as const;
export type UnitVariant = (typeof UNIT_VARIANTS)[number];

export const MEMBER_ROLES = [
  'reviewer',
  'drafter',
  'processPlanner',
  'salesContact',
  'member',
  'salesPlanner',
  'projectAdminCSC',
  'projectCoordinator',
  'customerServiceBackoffice',
  'bimCoordinator',
  'purchaser',
] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PROJECT_FEATURES = [
  'ProjectTools',
  'HideMemberEMail',
  'AllowCreateProjectUnits',
  'ProjectInfoSheet',
  'CreateStructure',
  'HideUnitEditAction',
  'DeliveryOverview',
  'DownloadSelectedFiles',
  'HasJournal',
  'ShowTenantInfo',
] as const;
export type ProjectFeature = (typeof PROJECT_FEATURES)[number];

// The open/closed rule lives in projectState.ts (projectFiles uses it too, and projectUnits uses projectFiles).
export { CLOSED_STATES, isClosedState, whileProjectOpen, type RuleResult } from './projectState';

export const UNIT_PAGE_SIZE = 25;
export const UNIT_TITLE_MAX = 200;

/** The unit as the API answers it (`GET api/data/planxchange/projects/{id}`). */
export interface ProjectUnit {
  id: number;
  projectUnitID: number;
  rootProjectUnitID: number;
  parentProjectUnitID: number | null;
  tenantID: number;
  salesOrgID: number | null;
  projectUnitType: UnitType;
  projectUnitTypeVariant: UnitVariant;
  projectUnitNo: string;
  title: string;
  notes: string;
  stateKey: string;
  stateSince: string;
  deliveryDate: string | null;
  earliestDeliveryDate: string | null;
  siteAddressID: number | null;
  siteContactID: number | null;
  productType: string | null;
  productTypeID: number | null;
  productTypeBGColor: string | null;
  productTypeTextColor: string | null;
  plant: string | null;
  plantID: number | null;
  data: string;
  /** Days from today to the earliest delivery date (admin table × product type × plant, computed by the server). */
  preliminaryDays: number;
  /** An approval lot's material rows whose date the rules have overtaken (issue #39); empty for other units. */
  tooEarlyDates: TooEarlyDate[];
  hasChildren: boolean;
  itemCount: number;
  version: number;
}

/** What the caller may do here, computed by the server with the same rules the app shows. */
export interface UnitContext {
  role: MemberRole | null;
  isInternal: boolean;
  rootState: string;
  tenantType: 'standard' | 'ccl';
  features: ProjectFeature[];
  infoSheetValid: boolean;
}

/** Allowed child types by parent type and variant (folders live under projects and subprojects). */
export function allowedChildTypes(parent: { type: UnitType; variant: UnitVariant }, tenantType: 'standard' | 'ccl' = 'standard'): UnitType[] {
  if (parent.type === 'project') return ['subproject', 'folder'];
  if (parent.type === 'subproject') {
    if (parent.variant === 'aac_elements') return ['aacorderlot', 'folder'];
    if (parent.variant === 'lintel') return ['lintelorderlot', 'folder'];
    return tenantType === 'ccl' ? ['approvallot', 'drawingjob', 'folder'] : ['approvallot', 'folder'];
  }
  return [];
}

const allow: RuleResult = { allowed: true };
const deny = (reason: string): RuleResult => ({ allowed: false, reason });

/** HideUnitEditAction hides Edit and Delete of every unit of the project, and the API refuses them. */
export function showEditActions(features: readonly string[]): boolean {
  return !features.includes('HideUnitEditAction');
}

/**
 * Creation: never in a closed project; only while the root is in Structuring, unless the member is a
 * salesPlanner. A folder can always be created; a project only by a salesPlanner. Blocked while the
 * information sheet is invalid.
 */
export function canCreateUnit(context: Pick<UnitContext, 'role' | 'rootState' | 'infoSheetValid'>, type: UnitType): RuleResult {
  const salesPlanner = context.role === 'salesPlanner';
  if (type === 'project') return salesPlanner ? allow : deny('PROJECTS.Rules.ProjectOnlySalesPlanner');
  const open = whileProjectOpen(context.rootState);
  if (!open.allowed) return open;
  if (!context.infoSheetValid && !salesPlanner) return deny('PROJECTS.Rules.InvalidPIS');
  if (type === 'folder' || salesPlanner) return allow;
  return context.rootState === 'Structuring' ? allow : deny('PROJECTS.Rules.CreateOnlyInStructuring');
}

/** What deleting a unit takes with it: the items of its order lots and the files of its subtree. */
export interface UnitSubtree {
  type: UnitType;
  isRoot: boolean;
  /** Items of the order lots in the subtree (the unit's own or, for a subproject, those below it). */
  itemCount: number;
  /** The files of the subtree: each must be one the user may delete (`canDeleteFile`). */
  files?: readonly { uploadedByID: number | null }[];
}

/**
 * Deletion: the root never; not in a closed project nor with HideUnitEditAction; a salesPlanner anything
 * else; otherwise a project never, a folder always, other units only while the root is in Structuring.
 * A unit the user may delete still needs its lots' items deleted first, and it may only take files with it
 * that the user may delete one by one.
 */
export function canDeleteUnit(
  context: Pick<UnitContext, 'role' | 'rootState' | 'isInternal'> & { features?: readonly string[] },
  unit: UnitSubtree,
  userId: number,
): RuleResult {
  if (unit.isRoot) return deny('PROJECTS.Rules.RootNeverDeleted');
  const open = whileProjectOpen(context.rootState);
  if (!open.allowed) return open;
  if (!showEditActions(context.features ?? [])) return deny('PROJECTS.Rules.EditActionsHidden');
  if (context.role !== 'salesPlanner') {
    if (unit.type === 'project') return deny('PROJECTS.Rules.ProjectOnlySalesPlanner');
    if (unit.type !== 'folder' && context.rootState !== 'Structuring') return deny('PROJECTS.Rules.DeleteOnlyInStructuring');
  }
  if (unit.itemCount > 0) return deny('PROJECTUNIT.DELETE_ITEMS_FIRST_DIALOG');
  if ((unit.files ?? []).some((file) => !canDeleteFile(context, file, userId).allowed)) return deny('PROJECTS.Rules.HoldsOthersFiles');
  return allow;
}

/** Editing a unit's fields: not in a closed project nor with HideUnitEditAction; folders always, others in Structuring (staff always). */
export function canEditUnit(
  context: Pick<UnitContext, 'role' | 'rootState' | 'isInternal'> & { features?: readonly string[] },
  unit: { type: UnitType; isRoot: boolean },
): RuleResult {
  const open = whileProjectOpen(context.rootState);
  if (!open.allowed) return open;
  if (!showEditActions(context.features ?? [])) return deny('PROJECTS.Rules.EditActionsHidden');
  if (context.role === 'salesPlanner' || context.isInternal) return allow;
  if (unit.type === 'folder') return allow;
  return context.rootState === 'Structuring' ? allow : deny('PROJECTS.Rules.EditOnlyInStructuring');
}

/**
 * A subproject's kind (approval lots, AAC elements, lintels) can change only while every child it holds
 * is still allowed under the new kind; other units inherit theirs.
 */
export function canChangeVariant(unit: { type: UnitType; childTypes: readonly UnitType[] }, variant: UnitVariant, tenantType: 'standard' | 'ccl' = 'standard'): RuleResult {
  if (unit.type !== 'subproject') return deny('PROJECTS.Rules.VariantOnlySubproject');
  const allowed = allowedChildTypes({ type: 'subproject', variant }, tenantType);
  return unit.childTypes.every((type) => allowed.includes(type)) ? allow : deny('PROJECTS.Rules.VariantHoldsChildren');
}

/** Units whose planned delivery date the customer sets: lintel and AAC order lots (and approval lots). */
export const DATED_UNIT_TYPES: readonly UnitType[] = ['approvallot', 'aacorderlot', 'lintelorderlot'];

/** The earliest planned delivery date of a unit: today (lintel and AAC order lots; approval lots too). */
export function unitDeliveryDateRule(type: UnitType, deliveryDate: string | null | undefined, today: string): RuleResult {
  if (!deliveryDate) return allow;
  if (!DATED_UNIT_TYPES.includes(type)) return deny('PROJECTS.Rules.NoDeliveryDate');
  return deliveryDate < today ? deny('PROJECTS.Rules.DeliveryDateInPast') : allow;
}

/** `data` is semicolon-separated key=value text (OrderNumber=…). */
export function parseUnitData(data: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of data.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) result[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return result;
}

export function formatUnitData(values: Record<string, string>): string {
  return Object.entries(values)
    .filter(([key, value]) => key && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${value.replace(/;/g, ',')}`)
    .join(';');
}

/** The page title of a project page: number | title. */
export function unitPageTitle(unit: Pick<ProjectUnit, 'projectUnitNo' | 'title'>): string {
  return `${unit.projectUnitNo} | ${unit.title}`;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGE.invalidDate)
  .refine((value) => !Number.isNaN(Date.parse(value)), MESSAGE.invalidDate);

const notes = z.string({ error: MESSAGE.invalidType }).max(4000, MESSAGE.tooLong);

/**
 * POST projects: the unit's fields plus where it goes. A root (`parentProjectUnitID: null`) is checked once more
 * against `rootProjectCreateSchema` (src/domain/rootProjects.ts); country and brick assortment are a root's only.
 */
export const unitCreateSchema = z.strictObject({
  parentProjectUnitID: z.number({ error: MESSAGE.required }).int().positive().nullable(),
  rootProjectUnitID: z.number().int().positive().nullable().optional(),
  tenantID: z.number().int().positive().optional(),
  salesOrgID: z.number().int().positive().nullable().optional(),
  projectUnitType: z.enum(UNIT_TYPES, { error: MESSAGE.invalidValue }),
  projectUnitTypeVariant: z.enum(UNIT_VARIANTS, { error: MESSAGE.invalidValue }).optional(),
  title: requiredText(UNIT_TITLE_MAX),
  notes: notes.optional(),
  deliveryDate: isoDate.nullable().optional(),
  country: z.string({ error: MESSAGE.invalidType }).max(10, MESSAGE.tooLong).optional(),
  brickAssortment: z.boolean({ error: MESSAGE.invalidType }).optional(),
}).superRefine((unit, context) => {
  if (unit.parentProjectUnitID === null) return;
  for (const field of ['country', 'brickAssortment'] as const) {
    if (unit[field] !== undefined) context.addIssue({ code: 'custom', path: [field], message: MESSAGE.unknownField });
  }
});
export type UnitCreate = z.infer<typeof unitCreateSchema>;

/** PUT projects/{id}: only the changed fields. */
export const unitUpdateSchema = z.strictObject({
  title: requiredText(UNIT_TITLE_MAX).optional(),
  notes: notes.optional(),
  deliveryDate: isoDate.nullable().optional(),
  projectUnitTypeVariant: z.enum(UNIT_VARIANTS, { error: MESSAGE.invalidValue }).optional(),
});
/** The fields of a unit PUT; the body also names the `version` read (required, checked by the server's REST layer). */
export type UnitUpdate = z.infer<typeof unitUpdateSchema>;

/** Site address and site contact of a project (spec: Edit project address and contact). */
export const siteAddressSchema = z.strictObject({
  name: z.string().trim().max(200, MESSAGE.tooLong),
  street1: z.string().trim().max(200, MESSAGE.tooLong),
  zip: z.string().trim().max(20, MESSAGE.tooLong),
  city: z.string().trim().max(120, MESSAGE.tooLong),
  country: z.string().trim().max(80, MESSAGE.tooLong),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^[+()\d\s/.-]*$/;

export const siteContactSchema = z.strictObject({
  name: z.string().trim().max(200, MESSAGE.tooLong),
  officePhone: z.string().trim().max(40, MESSAGE.tooLong).regex(PHONE, 'VALIDATION.InvalidPhone'),
  officeFax: z.string().trim().max(40, MESSAGE.tooLong).regex(PHONE, 'VALIDATION.InvalidPhone'),
  companyMobile: z.string().trim().max(40, MESSAGE.tooLong).regex(PHONE, 'VALIDATION.InvalidPhone'),
  officeEMail: z.string().trim().max(254, MESSAGE.tooLong).refine((value) => value === '' || EMAIL.test(value), 'VALIDATION.InvalidEmail'),
});

/** The reviewer change request: a standard e-mail address, required. */
export const reviewerChangeSchema = z.strictObject({
  rootUnitId: z.number({ error: MESSAGE.required }).int().positive(),
  email: z.string({ error: MESSAGE.required }).trim().min(1, MESSAGE.required).max(254, MESSAGE.tooLong).regex(EMAIL, 'VALIDATION.InvalidEmail'),
});

export const PROJECT_TOOLS = ['edit-site-address', 'edit-site-contact', 'reviewer-change-request'] as const;
export type ProjectTool = (typeof PROJECT_TOOLS)[number];

/** Members and internal staff change the site address and contact, but not of a closed project. */
export function canEditSite(rootState: string): RuleResult {
  return whileProjectOpen(rootState);
}

/** With ProjectTools the site cards' own Edit buttons give way to the tools menu. */
export function siteEditViaTools(features: readonly string[]): boolean {
  return features.includes('ProjectTools');
}
