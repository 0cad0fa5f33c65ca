/**
 * Setting up a root project: its number, address, planner membership and first state.
 */
import { and, eq } from 'drizzle-orm';
import { canCreateRootProject, projectCountries, ROOT_PROJECT_MESSAGE, rootProjectCreateSchema, rootProjectParams } from '../../src/domain/rootProjects.js';
import type { UnitCreate } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { addresses, contacts, projectUnitJournal, projectUnitParams, projectUnits, salesOrganisations, tenants, users } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { insertMember } from '../lib/project-members.js';
import { SHEET_SETS } from '../lib/questionnaire-sheets.js';
import { allocateUnitNumber } from '../lib/unit-numbers.js';
import { checkBody } from '../lib/validation.js';
import { initialState } from '../lib/workflow.js';

/** The session user as a project planner: the flag is read from the account, so a change applies at once. */
export async function plannerOf(db: Db | Tx, user: SessionUser) {
  const [row] = await (db as Db).select({ isProjectPlanner: users.isProjectPlanner }).from(users).where(eq(users.id, user.id));
  return { isInternal: user.isInternal, isProjectPlanner: row?.isProjectPlanner ?? false, tenantIds: user.tenantIds };
}

/**
 * The one place a root project's number is allocated: {sales organisation key}-{year}-{sequence}, from the
 * numbering code's counter row (server/lib/unit-numbers.ts: parallel creations take distinct numbers).
 */
function allocateRootNumber(tx: Tx, salesOrgKey: string): Promise<string> {
  return allocateUnitNumber(tx, null, salesOrgKey);
}

/**
 * `POST projects` with `parentProjectUnitID: null`: a project planner of the tenant sets up a root project. It starts
 * in the workflow's initial state with the tenant's project feature defaults, the Country and BrickAssortment params
 * and an empty site address and contact; the creator becomes its salesPlanner. Returns the new root's id.
 */
export async function createRootProject(tx: Tx, body: UnitCreate, user: SessionUser): Promise<number> {
  const planner = await plannerOf(tx, user);
  const allowed = canCreateRootProject(planner);
  if (!allowed.allowed) throw ApiError.fromRule(allowed);
  const input = checkBody(rootProjectCreateSchema, body);
  const forTenant = canCreateRootProject(planner, input.tenantID);
  if (!forTenant.allowed) throw ApiError.fromRule(forTenant);

  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, input.tenantID));
  if (!tenant) throw new ApiError(422, [{ key: ROOT_PROJECT_MESSAGE.unknownTenant, reference: 'tenantID', params: { ids: input.tenantID } }]);
  const [org] = await tx.select().from(salesOrganisations).where(and(eq(salesOrganisations.id, input.salesOrgID), eq(salesOrganisations.tenantId, tenant.id)));
  if (!org) throw new ApiError(422, [{ key: ROOT_PROJECT_MESSAGE.unknownSalesOrg, reference: 'salesOrgID', params: { ids: input.salesOrgID } }]);
  if (!projectCountries(SHEET_SETS).includes(input.country)) {
    throw new ApiError(422, [{ key: ROOT_PROJECT_MESSAGE.unknownCountry, reference: 'country', params: { country: input.country } }]);
  }

  const [address] = await tx.insert(addresses).values({}).returning({ id: addresses.id });
  const [contact] = await tx.insert(contacts).values({}).returning({ id: contacts.id });
  const stateKey = await initialState(tx, 'project', tenant.type === 'ccl' ? 'ccl' : 'standard');
  const [row] = await tx
    .insert(projectUnits)
    .values({
      tenantId: tenant.id,
      salesOrgId: org.id,
      type: 'project',
      variant: 'other',
      number: await allocateRootNumber(tx, org.key),
      title: input.title,
      notes: input.notes ?? '',
      stateKey,
      siteAddressId: address.id,
      siteContactId: contact.id,
      features: tenant.projectFeatureDefaults,
    })
    .returning({ id: projectUnits.id });
  await tx.update(projectUnits).set({ rootId: row.id }).where(eq(projectUnits.id, row.id));
  await tx.insert(projectUnitParams).values(rootProjectParams(input).map((param) => ({ unitId: row.id, ...param })));
  await tx.insert(projectUnitJournal).values({ rootId: row.id, unitId: row.id, userId: user.id, newState: stateKey, action: 'Created' });
  await insertMember(tx, row.id, user.id, 'salesPlanner', user.id);
  return row.id;
}
