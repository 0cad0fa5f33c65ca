// Statements a transaction sends with its commit (server/db/transaction-round-trips.ts), on the database the suite runs on:
// on PostgreSQL they are held and sent with `commit`; on the embedded database they run at once. Either way the
// transaction's outcome is the same — all or nothing.
import { eq, sql } from 'drizzle-orm';
import { fromDatabaseError } from '../../server/lib/db-errors.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectUnits, userNotifications } from '../../server/db/schema.js';
import { heldStatements, lastWithCommit, writeAtCommit } from '../../server/db/transaction-round-trips.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
let unit: { id: number; rootId: number | null };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestContext();
  [unit] = await ctx.db.select({ id: projectUnits.id, rootId: projectUnits.rootId }).from(projectUnits).where(eq(projectUnits.title, 'Erdgeschoss'));
});
afterAll(async () => ctx?.close());

const notesOf = async () => (await ctx.db.select({ notes: projectUnits.notes }).from(projectUnits).where(eq(projectUnits.id, unit.id)))[0].notes;

describe('writes sent with the commit', () => {
  it("are written when the transaction commits, after the transaction's other statements", async () => {
    await ctx.db.transaction(async (tx) => {
      await writeAtCommit(tx, tx.update(projectUnits).set({ notes: 'held O\'Brien \\ ü' }).where(eq(projectUnits.id, unit.id)));
      expect(heldStatements(tx)).toHaveLength(onPostgres ? 1 : 0);
      await tx.update(projectUnits).set({ notes: 'immediate' }).where(eq(projectUnits.id, unit.id));
    });
    // Held until the commit, the update ran last (on the embedded database, first).
    expect(await notesOf()).toBe(onPostgres ? 'held O\'Brien \\ ü' : 'immediate');
  });

  it('roll the whole transaction back when one of them fails, and the caller gets the error', async () => {
    await ctx.db.update(projectUnits).set({ notes: 'before' }).where(eq(projectUnits.id, unit.id));
    const failed = ctx.db.transaction(async (tx) => {
      await tx.update(projectUnits).set({ notes: 'changed' }).where(eq(projectUnits.id, unit.id));
      // No user -1: a foreign key violation, at the commit on PostgreSQL.
      await writeAtCommit(tx, tx.insert(userNotifications).values({ userId: -1, kind: 'escalation', unitId: unit.id, rootId: unit.rootId ?? unit.id, params: {} }));
    });
    await expect(failed).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    expect(await notesOf()).toBe('before');
    // The connection is clean again: the next transaction commits normally.
    await ctx.db.transaction(async (tx) => writeAtCommit(tx, tx.update(projectUnits).set({ notes: 'after' }).where(eq(projectUnits.id, unit.id))));
    expect(await notesOf()).toBe('after');
  });

  it('are dropped with a rolled-back transaction, and run at once in a savepoint', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await writeAtCommit(tx, tx.update(projectUnits).set({ notes: 'never' }).where(eq(projectUnits.id, unit.id)));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notesOf()).toBe('after');
    await ctx.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await writeAtCommit(savepoint, savepoint.update(projectUnits).set({ notes: 'in a savepoint' }).where(eq(projectUnits.id, unit.id)));
        expect(heldStatements(savepoint)).toHaveLength(0);
      });
    });
    expect(await notesOf()).toBe('in a savepoint');
  });

  it("send the transaction's last statement with the commit and answer it as usual; a failing one rolls back", async () => {
    const result = await ctx.db.transaction(async (tx) => {
      await writeAtCommit(tx, tx.update(projectUnits).set({ notes: 'held first' }).where(eq(projectUnits.id, unit.id)));
      const rows = await lastWithCommit(tx, () => tx.update(projectUnits).set({ notes: 'last' }).where(eq(projectUnits.id, unit.id)).returning({ id: projectUnits.id, notes: projectUnits.notes }));
      expect(heldStatements(tx)).toHaveLength(0);
      return rows;
    });
    expect(result).toEqual([{ id: unit.id, notes: 'last' }]);
    expect(await notesOf()).toBe('last');

    const failed = ctx.db.transaction(async (tx) => {
      await tx.update(projectUnits).set({ notes: 'changed' }).where(eq(projectUnits.id, unit.id));
      await lastWithCommit(tx, () => tx.insert(userNotifications).values({ userId: -1, kind: 'escalation', unitId: unit.id, rootId: unit.rootId ?? unit.id, params: {} }));
    });
    await expect(failed).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    expect(await notesOf()).toBe('last');
    // A refusal after the last statement (its answer said no) ends the transaction without an error of its own.
    await expect(
      ctx.db.transaction(async (tx) => {
        const rows = await lastWithCommit(tx, () => tx.update(projectUnits).set({ notes: 'nowhere' }).where(eq(projectUnits.id, -1)).returning());
        if (!rows.length) throw new Error('version changed meanwhile');
      }),
    ).rejects.toThrow('version changed meanwhile');
    await ctx.db.transaction(async (tx) => tx.update(projectUnits).set({ notes: 'next' }).where(eq(projectUnits.id, unit.id)));
    expect(await notesOf()).toBe('next');
  });

  it('check their own row counts: px_expect_rows refuses the whole transaction with the key it names (409)', async () => {
    const failed = ctx.db.transaction(async (tx) => {
      await tx.update(projectUnits).set({ notes: 'changed' }).where(eq(projectUnits.id, unit.id));
      await writeAtCommit(
        tx,
        sql`with moved as (update ${projectUnits} set notes = 'moved' where id = ${unit.id} and version = -1 returning 1) select px_expect_rows(1, (select count(*) from moved), 'WORKFLOW.Errors.Concurrent')`,
      );
    });
    const error = await failed.then(() => undefined, (reason: unknown) => reason);
    expect(error).toMatchObject({ cause: expect.objectContaining({ code: 'PX409' }) });
    expect(fromDatabaseError(error)).toMatchObject({ status: 409, messages: [expect.objectContaining({ key: 'WORKFLOW.Errors.Concurrent' })] });
    expect(await notesOf()).toBe('next');
  });
});
