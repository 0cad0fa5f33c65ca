import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, projectUnitJournal, projectUnits } from '../../server/db/schema.js';
import { MAX_SUBPROJECT_VOLUME } from '../../src/domain/structure.js';
import { burst, duplicateNumbers, expectOneWinner, ok, SIZES, unitId } from './burst.js';
import { limitChecks } from './limits.js';
import { numberedCreateChecks } from './numbered-creates.js';
import { embeddedTarget, postgresTarget, type Target } from './targets.js';
import { versionedWriteChecks } from './versioned-writes.js';

/**
 * Parallel requests at every versioned write, numbered create and limited quantity (2 and 50 at once): exactly one
 * winner per version, unique numbers, no limit exceeded, never a 5xx. Without TEST_DATABASE_URL on the embedded
 * database (requests queue for PGlite's one connection: the code paths); with it on a fresh database of that
 * PostgreSQL server, served by two server processes at once (real concurrency).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
let current: Target | undefined;
const target = () => {
  if (!current) throw new Error('no target');
  return current;
};

describe(adminUrl ? 'concurrency on PostgreSQL, two server processes' : 'concurrency on the embedded database', () => {
  beforeAll(async () => {
    current = adminUrl ? await postgresTarget(adminUrl) : await embeddedTarget();
  }, 300_000);
  afterAll(async () => current?.close(), 60_000);

  describe('versioned writes', () => versionedWriteChecks(target));
  describe('numbered creates', () => numberedCreateChecks(target));
  describe('limited quantities', () => limitChecks(target));

  describe('workflow transitions', () => {
    it.each(SIZES)('placing an order: %i at once from one version, one transition and one journal entry', async (n) => {
      const t = target();
      const lot = await unitId(t, n === 2 ? 'Wandelemente Bauabschnitt 1' : 'Stürze Bauabschnitt 1');
      const context = ok(await t.call('customer', 'GET', `/api/data/planxchange/projects/${lot}/context`));
      const action = context.workflow.actions.find((candidate: { action: string }) => candidate.action === 'PlaceOrder');
      expect(action).toBeDefined();
      const body = { projectUnitID: lot, action: 'PlaceOrder', requirements: action.requirements, version: context.unit.version };
      const answers = await burst(n, () => t.call('customer', 'PUT', `/api/data/planxchange/projectunitstates/${lot}`, body));
      expectOneWinner(answers);
      const journal = await t.db.select().from(projectUnitJournal).where(and(eq(projectUnitJournal.unitId, lot), eq(projectUnitJournal.action, 'PlaceOrder')));
      expect(journal).toHaveLength(1);
    }, 120_000);
  });

  it('leaves the database consistent: numbers unique, item counts true, no subproject over 350 m³', async () => {
    const t = target();
    expect(await duplicateNumbers(t)).toEqual([]);
    const counts = await t.db.execute(sql`
      select u.id from ${projectUnits} u
      where u.item_count <> (select count(*) from aac_order_items a where a.unit_id = u.id) + (select count(*) from lintel_order_items l where l.unit_id = u.id)`);
    expect(((counts as unknown as { rows?: unknown[] }).rows ?? counts) as unknown[]).toEqual([]);
    const volumes = await t.db
      .select({ subproject: projectUnits.parentId, total: sql<string>`sum(${materials.volume})` })
      .from(materials)
      .innerJoin(projectUnits, eq(projectUnits.id, materials.unitId))
      .groupBy(projectUnits.parentId);
    expect(volumes.filter((row) => Number(row.total) > MAX_SUBPROJECT_VOLUME)).toEqual([]);
  });
});
