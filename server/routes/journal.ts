import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  canSeeJournal,
  JOURNAL_RESOURCE,
  JOURNAL_SCHEDULER_KEY,
  journalContentJson,
  journalFilterSchema,
  type JournalRecord,
} from '../../src/domain/journal.js';
import { roleLabelKey } from '../../src/domain/members.js';
import { DELETED_USER_KEY } from '../../src/domain/profile.js';
import type { UnitType } from '../../src/domain/projectUnits.js';
import { displayName, type SessionUser } from '../../src/domain/user.js';
import { ruleText } from '../../src/domain/workflow.js';
import type { Db } from '../db/client.js';
import { contacts, projectUnitJournal, projectUnits, userProfiles, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { unitAccess } from '../lib/project-access.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { restResource, unscoped } from '../lib/rest.js';
import { activeWorkflow } from '../lib/workflow-definition.js';
import { sessionUser, readFilter } from '../lib/request.js';
import { checkBody } from '../lib/validation.js';

type JournalRow = typeof projectUnitJournal.$inferSelect & { projectUnitName: string; projectUnitNo: string; projectUnitType: string };

// Qualified outer references: drizzle leaves columns unqualified in single-table selects.
const unitField = (column: 'title' | 'number' | 'type') =>
  sql.raw(`(select u.${column} from project_units u where u.id = "project_unit_journal"."unit_id")`) as SQL<string>;

/** The entry's unit meets a condition on `u` (project_units). */
const unitWhere = (condition: SQL) => sql`exists (select 1 from project_units u where u.id = "project_unit_journal"."unit_id" and ${condition})`;

/** The unit and every unit below it (parent_id chain). */
const inSubtree = (unitId: number) => sql`"project_unit_journal"."unit_id" in (
  with recursive below as (
    select id from project_units where id = ${unitId}
    union all
    select p.id from project_units p join below b on p.parent_id = b.id
  )
  select id from below)`;

/** Login, name (first and last, either order is typed as shown) or e-mail (office or account) of a user who still exists. */
const userMatches = (text: string) => {
  const pattern = containsPattern(text);
  return sql`exists (
    select 1 from users us
    left join user_profiles up on up.user_id = us.id
    left join contacts ct on ct.id = up.contact_id
    where us.id = "project_unit_journal"."user_id" and us.deleted_at is null
      and (us.login ilike ${pattern} or us.email ilike ${pattern} or coalesce(ct.office_email, '') ilike ${pattern}
        or trim(coalesce(up.first_name, '') || ' ' || coalesce(up.last_name, '')) ilike ${pattern}))`;
};

const filterShape = journalFilterSchema.shape;

interface Author {
  login: string;
  email: string;
  name: string;
}

/** Who wrote the page's entries, in one query: the office e-mail wins over the account's (as on the member cards). */
async function authors(db: Db, ids: number[], language: string): Promise<Map<number, Author>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      login: users.login,
      email: users.email,
      deletedAt: users.deletedAt,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      officeEMail: contacts.officeEMail,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(contacts, eq(contacts.id, userProfiles.contactId))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((row): [number, Author] => [
      row.id,
      row.deletedAt
        ? { login: '', email: '', name: translate(language, DELETED_USER_KEY) }
        : {
            login: row.login,
            email: row.officeEMail || row.email,
            name: displayName({ login: row.login, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
          },
    ]),
  );
}

/** A membership entry (details set) says what changed, in the reader's language: "Added Kees Klant as Reviewer". */
function memberChangeText(row: JournalRow, people: Map<number, Author>, language: string): string {
  const details = row.details;
  if (!details) return row.message;
  const role = (key: string | undefined) => (key ? translate(language, roleLabelKey(key)) : '');
  const name = people.get(details.userId)?.name ?? translate(language, DELETED_USER_KEY);
  return translate(language, `JOURNAL.Members.${row.action}`, { name, role: role(details.role), oldRole: role(details.oldRole) });
}

async function toRecords(db: Db, rows: JournalRow[], user: SessionUser): Promise<JournalRecord[]> {
  const people = await authors(db, rows.flatMap((row) => [row.userId, row.details?.userId ?? null].filter((id): id is number => id !== null)), user.language);
  const escalations = rows.some((row) => row.delayed) ? (await activeWorkflow(db)).definition.escalations : [];
  // The scheduler (no user) writes the delayed entries.
  const scheduler: Author = { login: '', email: '', name: translate(user.language, JOURNAL_SCHEDULER_KEY) };
  return rows.map((row) => {
    const author = row.userId === null ? scheduler : (people.get(row.userId) ?? { login: '', email: '', name: translate(user.language, DELETED_USER_KEY) });
    return {
      id: row.id,
      projectUnitsJournalID: row.id,
      projectUnitID: row.unitId,
      projectUnitName: row.projectUnitName ?? '',
      projectUnitNo: row.projectUnitNo ?? '',
      projectUnitType: row.projectUnitType as UnitType,
      date: row.createdAt.toISOString(),
      userEmail: author.email,
      userLogin: author.login,
      userName: author.name,
      contentJson: journalContentJson({ oldState: row.oldState, newState: row.newState, additionalMessage: memberChangeText(row, people, user.language) }),
      delayed: row.delayed,
      reminderID: row.ruleKey,
      delayReason: row.delayed && row.ruleKey ? ruleText(escalations.find((rule) => rule.key === row.ruleKey), user.language) : '',
    };
  });
}

const journalList = restResource({
  name: JOURNAL_RESOURCE,
  table: projectUnitJournal,
  id: projectUnitJournal.id,
  sortable: { date: projectUnitJournal.createdAt, projectUnitName: unitField('title'), projectUnitNo: unitField('number') },
  defaultSort: ['date', 'DESC'],
  // Each value is validated again here; the route below has already checked the whole filter and the access.
  filters: {
    rootProjectUnitID: { schema: filterShape.rootProjectUnitID, where: (value: number) => eq(projectUnitJournal.rootId, value), prepared: true },
    projectUnitID: { schema: filterShape.projectUnitID, where: (value: number) => inSubtree(value) },
    unitName: { schema: filterShape.unitName, where: (value: string) => (value.trim() ? unitWhere(sql`u.title ilike ${containsPattern(value.trim())}`) : undefined) },
    number: { schema: filterShape.number, where: (value: string) => (value.trim() ? unitWhere(sql`u.number ilike ${containsPattern(value.trim())}`) : undefined) },
    unitTypes: {
      schema: filterShape.unitTypes,
      where: (value: string[]) => (value.length ? unitWhere(sql`u.type in ${value}`) : undefined),
    },
    user: { schema: filterShape.user, where: (value: string) => (value.trim() ? userMatches(value.trim()) : undefined) },
  },
  columns: () => ({ projectUnitName: unitField('title'), projectUnitNo: unitField('number'), projectUnitType: unitField('type') }),
  // No scope: the route below lets staff who see the root reach it (a root's page, then, is a prepared query).
  preparedScope: unscoped,
  toRecords: async (db, rows, user) => (await toRecords(db, rows as JournalRow[], user)) as never,
});

/**
 * The journal of a root exists only for internal staff who see the root and only with HasJournal; for
 * everyone else it is 404 (never 403: a customer must not learn that it exists). A child's id is 404 too.
 */
async function assertJournalVisible(db: Db, user: SessionUser, rootId: number): Promise<void> {
  const { unit, root, context } = await unitAccess(db, user, rootId);
  if (unit.id !== root.id || !canSeeJournal(context)) throw ApiError.notFound();
}

/**
 * `GET api/data/planxchange/project-unit-journal?filter={"rootProjectUnitID":…}` (ra-data-simple-rest list)
 * and `…/{id}`. Read-only: entries are written by the workflow (every transition, every escalation).
 */
export const journalResource = new Hono<AppEnv>();

journalResource.get('/', async (c, next) => {
  const user = sessionUser(c);
  const filter = checkBody(journalFilterSchema, readFilter(c.req.query('filter')), { prefix: 'filter' });
  const db = c.get('db');
  await assertJournalVisible(db, user, filter.rootProjectUnitID);
  if (filter.projectUnitID !== undefined) {
    const [unit] = await db.select({ rootId: projectUnits.rootId }).from(projectUnits).where(eq(projectUnits.id, filter.projectUnitID));
    if (unit?.rootId !== filter.rootProjectUnitID) throw ApiError.notFound();
  }
  await next();
});

journalResource.get('/:id', async (c, next) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const [entry] = await db.select({ rootId: projectUnitJournal.rootId }).from(projectUnitJournal).where(eq(projectUnitJournal.id, parseId(c.req.param('id'))));
  if (!entry) throw ApiError.notFound();
  await assertJournalVisible(db, user, entry.rootId);
  await next();
});

journalResource.route('/', journalList);
