import { asc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { canCreateRootProject, projectCountries, type RootProjectOptions } from '../../src/domain/rootProjects.js';
import { salesOrganisations, tenants } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { SHEET_SETS } from '../lib/questionnaire-sheets.js';
import { sessionUser } from '../lib/request.js';
import { plannerOf } from '../services/root-projects.js';

export const rootProjectRoutes = new Hono<AppEnv>();

/** `GET api/root-projects/options`: whether the user may set up projects, and the tenants, sales organisations and countries to choose. */
rootProjectRoutes.get('/options', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const planner = await plannerOf(db, user);
  const canCreate = canCreateRootProject(planner).allowed && planner.tenantIds.length > 0;
  const tenantRows = canCreate
    ? (await db.select({ id: tenants.id, name: tenants.name, defaultCountry: tenants.defaultCountry }).from(tenants).where(inArray(tenants.id, planner.tenantIds))).sort((a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
      )
    : [];
  const orgs = tenantRows.length
    ? await db
        .select({ id: salesOrganisations.id, key: salesOrganisations.key, title: salesOrganisations.title, tenantId: salesOrganisations.tenantId })
        .from(salesOrganisations)
        .where(inArray(salesOrganisations.tenantId, tenantRows.map((tenant) => tenant.id)))
        .orderBy(asc(salesOrganisations.key))
    : [];
  const options: RootProjectOptions = {
    canCreate,
    tenants: tenantRows.map((tenant) => ({
      ...tenant,
      salesOrgs: orgs.filter((org) => org.tenantId === tenant.id).map(({ id, key, title }) => ({ id, key, title })),
    })),
    countries: projectCountries(SHEET_SETS),
  };
  return c.json(options);
});
