import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { orderNumberOf } from '../../src/domain/assignments.js';
import { UNIT_TYPES, type UnitType } from '../../src/domain/projectUnits.js';
import { ADVANCED_SEARCH_FEATURE, canUseProjectSearch, SEARCH_RESOURCE, type ProjectSearchRecord } from '../../src/domain/search.js';
import type { SessionUser } from '../../src/domain/user.js';
import { projectUnits, tenants } from '../db/schema.js';
import type { Db } from '../db/client.js';
import { intArray } from '../db/prepared.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { visibleUnits, type UnitRow } from '../lib/project-access.js';
import { reading } from '../lib/list-cache.js';
import { containsPattern } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { unitColumns } from '../services/project-units.js';

type SearchRow = UnitRow & {
  productTypeTitle: string | null;
  productTypeBg: string | null;
  productTypeText: string | null;
  plantName: string | null;
};

/** A tenant offers the search: its features hold AdvancedSearch. */
const offersSearch = () => sql`${tenants.features} @> ${JSON.stringify([ADVANCED_SEARCH_FEATURE])}::jsonb`;

/** Tenants that have the feature, as an array computed once: a filter, not a join that scans per tenant. */
function tenantsWithSearch(): SQL {
  return sql`${projectUnits.tenantId} = any(array(select ${tenants.id} from ${tenants} where ${offersSearch()}))`;
}

/** Units the user may see anyway, restricted to tenants that offer the search. */
export function searchScope(user: SessionUser): SQL {
  return and(visibleUnits(user), tenantsWithSearch())!;
}

/**
 * Staff as the search's list sees them: only their tenants that offer the search (the others' units are outside the
 * scope anyway). With a tenant without the search in the visibility rule, PostgreSQL guessed a third of all units
 * visible and walked the number index past a million rows for six matches (1.1–1.5 s at 1M units; docs/decisions.md).
 */
async function searchViewer(db: Db, user: SessionUser): Promise<SessionUser> {
  if (!user.isInternal || !user.tenantIds.length) return user;
  const offering = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(inArray(tenants.id, user.tenantIds), offersSearch()));
  return { ...user, tenantIds: offering.map((tenant) => tenant.id) };
}

/**
 * One `like` on the stored, lower-cased `search_text` (number, title, order number): no function per row,
 * and its trigram index serves it (see docs/decisions.md, "Project search").
 */
export function searchCondition(q: string): SQL {
  return sql`${projectUnits.searchText} like lower(${containsPattern(q)})`;
}

export function toSearchRecord(row: SearchRow, titles: Map<number, string> = new Map()): ProjectSearchRecord {
  const rootId = row.rootId ?? row.id;
  return {
    id: row.id,
    projectUnitID: row.id,
    rootProjectUnitID: row.rootId ?? row.id,
    title: row.title,
    projectUnitNo: row.number,
    projectUnitType: row.type as UnitType,
    productType: row.productTypeTitle ?? null,
    productTypeID: row.productTypeId,
    productTypeBGColor: row.productTypeBg ?? null,
    productTypeTextColor: row.productTypeText ?? null,
    plant: row.plantName ?? null,
    plantID: row.plantId,
    orderNumber: orderNumberOf(row.data) || null,
    rootTitle: rootId === row.id ? null : (titles.get(rootId) ?? null),
    parentTitle: row.parentId && row.parentId !== rootId ? (titles.get(row.parentId) ?? null) : null,
  };
}

/** The titles of the found units' projects and parents, in one query for the page. */
async function contextTitles(db: Db, rows: SearchRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => [row.rootId, row.parentId]).filter((id): id is number => typeof id === 'number'))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: projectUnits.id, title: projectUnits.title }).from(projectUnits).where(sql`${projectUnits.id} = any(${intArray(ids)})`);
  return new Map(found.map((unit) => [unit.id, unit.title]));
}

const searchList = restResource({
  name: SEARCH_RESOURCE,
  table: projectUnits,
  id: projectUnits.id,
  sortable: { title: projectUnits.title, projectUnitNo: projectUnits.number, projectUnitType: projectUnits.type },
  defaultSort: ['projectUnitNo', 'ASC'],
  filters: {
    projectUnitType: {
      schema: z.union([z.enum(UNIT_TYPES), z.array(z.enum(UNIT_TYPES)).max(UNIT_TYPES.length)]),
      where: (value: string | string[]) => (Array.isArray(value) ? inArray(projectUnits.type, value.length ? value : ['-']) : eq(projectUnits.type, value)),
    },
  },
  search: searchCondition,
  scope: searchScope,
  listViewer: searchViewer,
  reads: reading('project_units', 'project_members', 'tenants', 'product_types', 'plants'),
  // Product type and plant selected with the unit, as the projects list does (no query per row).
  columns: unitColumns,
  toRecords: async (db, rows) => {
    const titles = await contextTitles(db, rows as SearchRow[]);
    return (rows as SearchRow[]).map((row) => toSearchRecord(row, titles)) as never;
  },
});

/** `availability` first, so that the list's `/:id` route does not take it. */
export const projectSearchResource = new Hono<AppEnv>();

projectSearchResource.get('/availability', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const rows = user.tenantIds.length
    ? await c.get('db').select({ features: tenants.features }).from(tenants).where(inArray(tenants.id, user.tenantIds))
    : [];
  return c.json({ available: canUseProjectSearch(rows.map((row) => row.features)) });
});

projectSearchResource.route('/', searchList);
