import { z } from 'zod';
import { UNIT_TITLE_MAX, type RuleResult } from './projectUnits';
import type { SheetSets } from './questionnaire/sets';
import { MESSAGE, requiredOr, requiredText } from './validation';

/**
 * Root projects: who sets them up and what the form asks (spec project-hierarchy §4 "Creation rule": a project
 * only by a salesPlanner; the creator becomes the new root's salesPlanner).
 */
export const ROOT_PROJECT_MESSAGE = {
  onlyPlanners: 'PROJECTS.Rules.RootOnlyPlanners',
  notYourTenant: 'PROJECTS.Rules.RootTenantNotYours',
  unknownTenant: 'USERS.UnknownTenant',
  unknownSalesOrg: 'ERRORMESSAGES.UnknownSalesOrg',
  unknownCountry: 'PROJECTS.Errors.UnknownCountry',
} as const;

export { ROOT_PROJECT_CREATE_PATH } from './routes';

export interface ProjectPlanner {
  isInternal: boolean;
  /** Set by an administrator on the user ("May set up projects"). */
  isProjectPlanner: boolean;
  tenantIds: readonly number[];
}

/**
 * A root project is set up by provider staff whom an administrator made project planners, for a tenant they
 * work for. Customers, drafters and other staff without the flag may not (the API answers 403).
 */
export function canCreateRootProject(user: ProjectPlanner, tenantId?: number): RuleResult {
  if (!user.isInternal || !user.isProjectPlanner) return { allowed: false, reason: ROOT_PROJECT_MESSAGE.onlyPlanners };
  if (tenantId !== undefined && !user.tenantIds.includes(tenantId)) return { allowed: false, reason: ROOT_PROJECT_MESSAGE.notYourTenant };
  return { allowed: true };
}

/** The country codes a root can name (the questionnaire's sheet sets by country: de, nl, be, fr …), sorted. */
export function projectCountries(sets: SheetSets): string[] {
  return [...new Set(Object.values(sets.countries))].filter((code) => sets.sets[code]).sort();
}

const id = z.number({ error: requiredOr() }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue);

/**
 * A new root project (`POST projects` with `parentProjectUnitID: null`): tenant, sales organisation (its key starts
 * the number), country and brick assortment (the project params Country and BrickAssortment that choose the
 * questionnaire's sheet set) and the title. Whether the country is one the sheet sets know is the server's check.
 */
export const rootProjectCreateSchema = z.strictObject({
  parentProjectUnitID: z.null({ error: MESSAGE.invalidValue }),
  rootProjectUnitID: z.null({ error: MESSAGE.invalidValue }).optional(),
  projectUnitType: z.literal('project', { error: MESSAGE.invalidValue }),
  projectUnitTypeVariant: z.literal('other', { error: MESSAGE.invalidValue }).optional(),
  tenantID: id,
  salesOrgID: id,
  country: z.string({ error: requiredOr() }).trim().toLowerCase().regex(/^[a-z]{2}$/, MESSAGE.invalidValue),
  brickAssortment: z.boolean({ error: MESSAGE.invalidType }).default(false),
  title: requiredText(UNIT_TITLE_MAX),
  notes: z.string({ error: MESSAGE.invalidType }).max(4000, MESSAGE.tooLong).optional(),
});
export type RootProjectCreate = z.infer<typeof rootProjectCreateSchema>;

/** The project params the new root gets (the questionnaire reads them). */
export function rootProjectParams(input: Pick<RootProjectCreate, 'country' | 'brickAssortment'>): { key: string; value: string }[] {
  return [
    { key: 'Country', value: input.country },
    { key: 'BrickAssortment', value: input.brickAssortment ? 'True' : 'False' },
  ];
}

/** What the create form offers the signed-in user (`GET api/root-projects/options`). */
export interface RootProjectOptions {
  /** False for everyone who may not set up projects: the app then shows no "New project" button. */
  canCreate: boolean;
  tenants: { id: number; name: string; salesOrgs: { id: number; key: string; title: string }[]; defaultCountry: string }[];
  countries: string[];
}
