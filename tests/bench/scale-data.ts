// The manufacturer-scale data set (issue #36), written by the database itself (generate_series, no rows sent over
// the wire): on top of the demo seed, `roots` root projects of 20 units each (3 subprojects, 5 approval lots per
// subproject, one AAC order lot with order rows), spread over the demo's tenants and sales organisations; `users`
// more users (most of them customers, each member of a few projects; 2 % staff of a tenant); `journalPerUnit`
// journal entries per unit; escalations for a share of the lots. States are every state of the workflow that applies
// to the unit's type, so there are tasks in every state. Full scale (PostgreSQL): 50,000 roots = 1,000,000 units,
// 100,000 users, 10 entries per unit = 10,000,000 journal entries; the embedded database gets a tenth.
// Every scale user has the demo password (the bench signs in as many of them).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../server/db/client.js';
import { defaultWorkflow } from '../../server/lib/workflow-definition.js';
import { appliesTo } from '../../src/domain/workflow.js';

export interface ScaleShape {
  roots: number;
  users: number;
  journalPerUnit: number;
}

/** 1,000,000 units, 100,000 users, 10,000,000 journal entries. */
export const FULL_SCALE: ScaleShape = { roots: 50_000, users: 100_000, journalPerUnit: 10 };
/** A tenth: what the embedded database gets. */
export const TENTH_SCALE: ScaleShape = { roots: 5_000, users: 10_000, journalPerUnit: 10 };

export const UNITS_PER_ROOT = 20;
/** Scale roots are numbered S1, S2, …; their users are scale-user-1, …. */
export const SCALE_ROOT_PREFIX = 'S';
export const scaleLogin = (n: number) => `scale-user-${n}`;
/** Each root has this many members (scale users), so a user is member of about roots × 6 / users projects. */
const MEMBERS_PER_ROOT = 6;
const ORDER_ROWS_PER_LOT = 10;

/** Every state of the shipped workflow that a unit of this type (of a standard tenant) can be in. */
function statesOf(type: string): string[] {
  const states = defaultWorkflow()
    .states.filter((state) => appliesTo(state, type, 'standard'))
    .map((state) => state.key);
  return states.length ? [...new Set(states)] : [''];
}

async function step(db: Db, label: string, statement: ReturnType<typeof sql>, log: (line: string) => void) {
  const started = performance.now();
  await db.execute(statement);
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Runs `fill` with the tables' secondary indexes dropped and builds them again afterwards, from their own definitions
 * (one sort per index instead of an index insert per row: the GIN trigram index above all). A unique index that the
 * new rows break fails to build, so uniqueness is still checked.
 */
async function withIndexesDeferred(db: Db, tables: string[], fill: () => Promise<void>, log: (line: string) => void) {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i where i.indrelid::regclass::text = any(${sql.param(tables)}::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  await fill();
  const started = performance.now();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  log(`  ${indexes.length} indexes built: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Writes the scale data set into a migrated database holding the demo seed; VACUUM ANALYZEs it at the end. */
export async function generateScaleData(db: Db, shape: ScaleShape, log: (line: string) => void = () => undefined): Promise<void> {
  // One transaction, without per-row foreign key checks (replica mode skips triggers; the generated keys are right
  // by construction, and the rows are only visible once all are written).
  await db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    await inTx.execute(sql`set local session_replication_role = replica`);
    await withIndexesDeferred(inTx, ['project_units', 'project_unit_journal', 'aac_order_items', 'project_members', 'workflow_escalations'], () => fillScaleData(inTx, shape, log), log);
  });
  // VACUUM as well: a database of this size in service has been vacuumed (its visibility map set, so index-only scans
  // skip the table), a freshly copied one has not — and autovacuum would set it while the bench measures (#36).
  await step(db, 'vacuum analyze', sql`vacuum analyze`, log);
}

async function fillScaleData(db: Db, shape: ScaleShape, log: (line: string) => void): Promise<void> {
  const arr = (values: string[]) => sql`${sql.param(values)}::text[]`;
  const rootStates = statesOf('project');
  const subStates = statesOf('subproject');
  const lotStates = statesOf('approvallot');
  const orderStates = statesOf('aacorderlot');
  const roles = ['reviewer', 'drafter', 'processPlanner', 'salesContact', 'member', 'salesPlanner'];
  const day = sql`interval '1 day'`;

  // Customers and staff: the demo customer's password hash, so the bench can sign in as any of them.
  await step(
    db,
    `${shape.users} users`,
    sql`insert into users (login, email, password_hash, is_internal, language)
      select 'scale-user-' || g, 'scale-user-' || g || '@example.com',
        (select password_hash from users where lower(login) = 'customer'), g % 50 = 0, (array['de','en','nl'])[1 + g % 3]
      from generate_series(1, ${shape.users}) g`,
    log,
  );
  await step(
    db,
    'profiles, tenants and sales organisations of the users',
    sql`with scale as (select id, row_number() over (order by id) as n, is_internal from users where login like 'scale-user-%'),
        orgs as (select id, tenant_id, row_number() over (order by id) as n, count(*) over () as total from sales_organisations),
        pick as (select s.id as user_id, o.id as sales_org_id, o.tenant_id, s.is_internal from scale s join orgs o on o.n = 1 + s.n % o.total),
        profiles as (insert into user_profiles (user_id, first_name, last_name) select user_id, 'Scale', 'User ' || user_id from pick),
        sales as (insert into user_sales_orgs (user_id, sales_org_id) select user_id, sales_org_id from pick)
      insert into user_tenants (user_id, tenant_id) select user_id, tenant_id from pick where is_internal`,
    log,
  );
  await step(
    db,
    `${shape.roots} root projects`,
    sql`with orgs as (select id, tenant_id, row_number() over (order by id) as n, count(*) over () as total from sales_organisations),
        numbered as (select nextval(pg_get_serial_sequence('project_units', 'id')) as id, g from generate_series(1, ${shape.roots}) g)
      insert into project_units (id, root_id, tenant_id, sales_org_id, type, number, title, state_key, state_since, features, created_at)
      select r.id, r.id, o.tenant_id, o.id, 'project', ${SCALE_ROOT_PREFIX} || r.g, 'Bauvorhaben ' || r.g,
        case when r.g % 5 = 0 then (array['Closed','Archived'])[1 + r.g % 2] else (${arr(rootStates)})[1 + r.g % ${rootStates.length}] end,
        now() - (r.g % 1800) * ${day}, '["HasJournal"]'::jsonb, now() - (r.g % 1800) * ${day}
      from numbered r join orgs o on o.n = 1 + r.g % o.total`,
    log,
  );
  await step(
    db,
    'subprojects',
    sql`insert into project_units (root_id, parent_id, tenant_id, sales_org_id, type, number, title, state_key, state_since)
      select r.id, r.id, r.tenant_id, r.sales_org_id, 'subproject', r.number || '-0' || s, 'Bauteil ' || s,
        (${arr(subStates)})[1 + (r.id + s) % ${subStates.length}], r.state_since + s * ${day}
      from project_units r cross join generate_series(1, 3) s
      where r.type = 'project' and r.number like ${`${SCALE_ROOT_PREFIX}%`}`,
    log,
  );
  // The order lot's state follows its root's id, not its subproject's: the subprojects of a root have consecutive ids,
  // so the first ones (which hold the order lots) are all the same modulo 3 and every order lot got the same state.
  await step(
    db,
    'approval lots and order lots',
    sql`insert into project_units (root_id, parent_id, tenant_id, sales_org_id, type, number, title, state_key, state_since, delivery_date, product_type_id, plant_id, data)
      select p.root_id, p.id, p.tenant_id, p.sales_org_id, case when l = 6 then 'aacorderlot' else 'approvallot' end,
        p.number || '-0' || l, case when l = 6 then 'Wandelemente ' || p.title else 'Los ' || l end,
        case when l = 6 then (${arr(orderStates)})[1 + p.root_id % ${orderStates.length}] else (${arr(lotStates)})[1 + (p.id + l) % ${lotStates.length}] end,
        p.state_since + l * ${day}, to_char(now() + ((p.id + l) % 200) * ${day}, 'YYYY-MM-DD'),
        (select pt.id from product_types pt where pt.tenant_id = p.tenant_id order by pt.id limit 1),
        (select pl.id from plants pl where pl.tenant_id = p.tenant_id order by pl.id limit 1),
        case when (p.id + l) % 3 = 0 then 'OrderNumber=45' || lpad(((p.id * 7 + l) % 1000000)::text, 6, '0') else '' end
      from project_units p cross join generate_series(1, 6) l
      where p.type = 'subproject' and p.number like ${`${SCALE_ROOT_PREFIX}%`} and (l < 6 or p.number like '%-01')`,
    log,
  );
  await step(
    db,
    'project members',
    sql`with scale as (select id, row_number() over (order by id) - 1 as n from users where login like 'scale-user-%'),
        roots as (select id, row_number() over (order by id) as n from project_units where type = 'project' and number like ${`${SCALE_ROOT_PREFIX}%`})
      insert into project_members (root_id, user_id, role)
      select r.id, s.id, (${arr(roles)})[1 + m]
      from roots r cross join generate_series(0, ${MEMBERS_PER_ROOT - 1}) m
      join scale s on s.n = (r.n * ${MEMBERS_PER_ROOT} + m * 7919) % ${shape.users}
      on conflict do nothing`,
    log,
  );
  await step(
    db,
    'order rows',
    sql`insert into aac_order_items (unit_id, item_index, product_no, item_length, qty)
      select u.id, i, 1000 + (u.id + i) % 50, 1 + ((u.id + i) % 50) / 10.0, 1 + (u.id + i) % 9
      from project_units u cross join generate_series(1, ${ORDER_ROWS_PER_LOT}) i
      where u.type = 'aacorderlot' and u.number like ${`${SCALE_ROOT_PREFIX}%`}`,
    log,
  );
  await step(
    db,
    'item counts',
    sql`update project_units set item_count = ${ORDER_ROWS_PER_LOT} where type = 'aacorderlot' and number like ${`${SCALE_ROOT_PREFIX}%`}`,
    log,
  );
  await step(
    db,
    `journal (${shape.journalPerUnit} entries per unit)`,
    sql`insert into project_unit_journal (root_id, unit_id, user_id, old_state, new_state, action, created_at)
      select u.root_id, u.id, null, 'Structuring', u.state_key, 'Scale' || e, u.state_since - (${shape.journalPerUnit} - e) * interval '7 hours'
      from project_units u cross join generate_series(1, ${shape.journalPerUnit}) e
      where u.number like ${`${SCALE_ROOT_PREFIX}%`}`,
    log,
  );
  await step(
    db,
    'escalations',
    sql`insert into workflow_escalations (root_id, unit_id, rule_key, state_key, state_since)
      select root_id, id, 'scale', state_key, state_since from project_units
      where type = 'approvallot' and number like ${`${SCALE_ROOT_PREFIX}%`} and id % 10 = 0`,
    log,
  );
}
