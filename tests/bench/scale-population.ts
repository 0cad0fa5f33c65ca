// Who the scale bench signs in, and on what: found by direct queries on the filled database (tests/bench/scale-bench.ts).
import pg from 'pg';
import { CLOSED_STATES } from '../../src/domain/projectState.js';
import { sessionCookie } from '../support/session.js';
import { SCALE_ROOT_PREFIX, UNITS_PER_ROOT } from './scale-data.js';

/** Customers (members of projects) and scale staff signed in to read. */
export const CUSTOMERS = 40;
export const SCALE_STAFF = 4;

export interface Reader {
  login: string;
  cookie: string;
  internal: boolean;
  /** A root the user is member of (customers) or sees through the tenant (staff, with the journal). */
  rootId: number;
  rootNo: string;
  unitIds: number[];
}

/** A root whose units one connection alone writes, and the members that may write them. */
export interface Owner {
  rootId: number;
  reviewer: string;
  drafter: string;
  planner: string;
  /** An approval lot in ReviseDrawings or ReviewRevisedDrawings: DrawingsRevised and RequestChanges cycle it. */
  lotId: number;
  /** An AAC order lot in PlaceOrder (its rows are editable by the reviewer). */
  orderLotId: number;
  /** A subproject whose notes the salesPlanner edits. */
  editUnitId: number;
}

export interface Population {
  admin: string;
  customers: Reader[];
  staff: Reader[];
  owners: Owner[];
}

const closed = [...CLOSED_STATES];
const scaleRoots = `${SCALE_ROOT_PREFIX}%`;

/** `ownerCount`: how many roots with writers (one per connection of the mixed workload). */
export async function findPopulation(databaseUrl: string, ownerCount: number): Promise<Omit<Population, 'admin' | 'customers' | 'staff'> & { customers: Omit<Reader, 'cookie'>[]; staff: Omit<Reader, 'cookie'>[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    type ReaderRow = { login: string; root_id: number; root_no: string; unit_ids: number[] };
    const toReader = (internal: boolean) => (row: ReaderRow) => ({ login: row.login, internal, rootId: row.root_id, rootNo: row.root_no, unitIds: row.unit_ids });
    const unitsOfRoot = `array(select x.id from project_units x where x.root_id = r.id order by x.id limit ${UNITS_PER_ROOT})`;
    // Customers spread over the users (every k-th), each with the first open root they are member of.
    const customers = await client.query<ReaderRow>(
      `select u.login, r.id as root_id, r.number as root_no, ${unitsOfRoot} as unit_ids
       from users u
       join lateral (select m.root_id from project_members m join project_units p on p.id = m.root_id
                     where m.user_id = u.id and p.state_key <> all($1) order by m.root_id limit 1) m on true
       join project_units r on r.id = m.root_id
       where u.login like 'scale-user-%' and not u.is_internal and u.id % $2 = 0
       order by u.id limit $3`,
      [closed, Math.max(1, Math.floor((await client.query<{ n: number }>(`select count(*)::int as n from users where login like 'scale-user-%'`)).rows[0].n / (CUSTOMERS * 2))), CUSTOMERS],
    );
    // Staff (scale staff and the demo's), each with an open scale root of their tenant that has the journal.
    const staff = await client.query<ReaderRow>(
      `select u.login, r.id as root_id, r.number as root_no, ${unitsOfRoot} as unit_ids
       from users u
       join lateral (select p.id, p.number from user_tenants ut join project_units p on p.tenant_id = ut.tenant_id
                     where ut.user_id = u.id and p.type = 'project' and p.number like $2 and p.state_key <> all($1)
                       and p.features @> '["HasJournal"]'::jsonb order by p.id limit 1) r on true
       where u.is_internal and u.is_active and u.deleted_at is null
         and (u.id in (select id from users where login like 'scale-user-%' and is_internal order by id limit $3) or lower(u.login) = 'staff')
       order by u.id`,
      [closed, scaleRoots, SCALE_STAFF],
    );
    const member = (role: string) => `(select u.login from project_members m join users u on u.id = m.user_id where m.root_id = r.id and m.role = '${role}' order by u.id limit 1)`;
    const owners = await client.query<{ root_id: number; reviewer: string; drafter: string; planner: string; lot_id: number; order_lot_id: number; edit_unit_id: number }>(
      `select * from (
         select r.id as root_id, ${member('reviewer')} as reviewer, ${member('drafter')} as drafter, ${member('salesPlanner')} as planner,
           (select l.id from project_units l where l.root_id = r.id and l.type = 'approvallot' and l.state_key in ('ReviseDrawings', 'ReviewRevisedDrawings') order by l.id limit 1) as lot_id,
           (select o.id from project_units o where o.root_id = r.id and o.type = 'aacorderlot' and o.state_key = 'PlaceOrder' and o.item_count > 0 order by o.id limit 1) as order_lot_id,
           (select s.id from project_units s where s.root_id = r.id and s.type = 'subproject' order by s.id limit 1) as edit_unit_id
         from project_units r join tenants t on t.id = r.tenant_id
         where r.type = 'project' and r.number like $2 and r.state_key <> all($1) and t.type = 'standard'
           and not r.features @> '["HideUnitEditAction"]'::jsonb
         order by r.id) c
       where reviewer is not null and drafter is not null and planner is not null and lot_id is not null and order_lot_id is not null and edit_unit_id is not null
       limit $3`,
      [closed, scaleRoots, ownerCount],
    );
    return {
      customers: customers.rows.map(toReader(false)),
      staff: staff.rows.map(toReader(true)),
      owners: owners.rows.map((row) => ({ rootId: row.root_id, reviewer: row.reviewer, drafter: row.drafter, planner: row.planner, lotId: row.lot_id, orderLotId: row.order_lot_id, editUnitId: row.edit_unit_id })),
    };
  } finally {
    await client.end();
  }
}

/** Signs every login in once (sequentially: the server's hashing slots are few), the cookies by login. */
export async function signIn(base: string, logins: string[]): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  for (const login of new Set(logins)) cookies.set(login, await sessionCookie(base, login));
  return cookies;
}

