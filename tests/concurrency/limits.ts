import { and, count as countRows, eq, gte, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { aacOrderItems, materials, projectUnits } from '../../server/db/schema.js';
import { ORDER_ITEMS_MAX } from '../../src/domain/orders.js';
import { MAX_SUBPROJECT_VOLUME } from '../../src/domain/structure.js';
import { burst, count, expectNo5xx, ok, SIZES, unitId } from './burst.js';
import type { Answer, Target } from './targets.js';

const P = '/api/data/planxchange/projects';
const TIMEOUT = 180_000;

/** A new subproject of Wohnpark Weserblick with `lots` empty approval lots (version 1 each). */
async function subprojectWithLots(t: Target, title: string, lots: number): Promise<{ subproject: number; root: number; lotIds: number[] }> {
  const root = await unitId(t, 'Wohnpark Weserblick', 'project');
  const subproject = ok(await t.call('customer', 'POST', P, { parentProjectUnitID: root, projectUnitType: 'subproject', title }), 201).id as number;
  const lotIds: number[] = [];
  for (let i = 0; i < lots; i++) lotIds.push(ok(await t.call('customer', 'POST', P, { parentProjectUnitID: subproject, projectUnitType: 'approvallot', title: `Los ${i + 1}` }), 201).id);
  return { subproject, root, lotIds };
}

async function subprojectVolume(t: Target, lotIds: number[]): Promise<number> {
  const [row] = await t.db.select({ total: sql<string>`coalesce(sum(${materials.volume}), 0)` }).from(materials).where(inArray(materials.unitId, lotIds));
  return Number(row.total);
}

/** n saves at once, each filling another lot of one subproject: exactly as many fit as 350 m³ allow, the rest is refused. */
function expectVolumeHeld(answers: Answer[], volume: number): void {
  expectNo5xx(answers);
  const fitting = Math.min(answers.length, Math.floor(MAX_SUBPROJECT_VOLUME / volume));
  expect(count(answers, 200)).toBe(fitting);
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(refused.map((answer) => `${answer.status} ${answer.body?.messages?.[0]?.key}`)).toEqual(refused.map(() => '400 STRUCTURE.Errors.VolumeMax'));
}

/** Every limited quantity, pushed by `n` requests at once: the limit holds. */
export function limitChecks(target: () => Target) {
  it.each(SIZES)('350 m³ per subproject, through the materials of its lots: %i saves at once', async (n) => {
    const t = target();
    const { lotIds } = await subprojectWithLots(t, `Volumen ${n}`, n);
    const context = ok(await t.call('customer', 'GET', `/api/materials/${lotIds[0]}/context`));
    const type = context.materialTypes[0].key;
    const volume = n === 2 ? 200 : 100;
    const answers = await burst(n, (i) => t.call(i % 2 ? 'staff' : 'customer', 'POST', `/api/materials/${lotIds[i]}?version=1`, [{ type, volume, deliveryDate: context.minDate[type] }]));
    expectVolumeHeld(answers, volume);
    expect(await subprojectVolume(t, lotIds)).toBeLessThanOrEqual(MAX_SUBPROJECT_VOLUME);
  }, TIMEOUT);

  it.each(SIZES)('350 m³ per subproject, through the delivery data: %i saves at once', async (n) => {
    const t = target();
    const { root, lotIds } = await subprojectWithLots(t, `Lieferdaten ${n}`, n);
    const context = ok(await t.call('customer', 'GET', `/api/materials/${lotIds[0]}/context`));
    const type = context.materialTypes[0].key;
    const volume = n === 2 ? 300 : 50;
    const answers = await burst(n, (i) =>
      t.call(i % 2 ? 'staff' : 'customer', 'POST', `/api/delivery-data/${root}`, [{ approvalLotID: lotIds[i], version: 1, materials: [{ type, volume, deliveryDate: context.minDate[type] }] }]),
    );
    expectVolumeHeld(answers, volume);
    expect(await subprojectVolume(t, lotIds)).toBeLessThanOrEqual(MAX_SUBPROJECT_VOLUME);
  }, TIMEOUT);

  it.each(SIZES)(`${ORDER_ITEMS_MAX} rows per order lot: %i new rows at once for the last free place`, async (n) => {
    const t = target();
    const lot = await unitId(t, 'Wandelemente Bauabschnitt 1', 'aacorderlot');
    const order = ok(await t.call('customer', 'GET', `/api/orders/${lot}`));
    const [item] = order.items;
    // Filled up to one free place directly (two thousand requests would only slow the suite down).
    const filler = Array.from({ length: ORDER_ITEMS_MAX - 1 - order.items.length }, (_, index) => ({
      unitId: lot,
      itemIndex: 10_000 + index,
      productNo: item.productNo,
      itemLength: item.itemLength,
      qty: 1,
    }));
    for (let start = 0; start < filler.length; start += 500) await t.db.insert(aacOrderItems).values(filler.slice(start, start + 500));
    const row = { sublotName: 'Letzter', floorName: 'EG', productNo: item.productNo, itemLength: item.itemLength, qty: 1 };
    const answers = await burst(n, () => t.call('customer', 'POST', `/api/orders/${lot}/items`, row));
    expectNo5xx(answers);
    expect(count(answers, 201)).toBe(1);
    expect(count(answers, 409)).toBe(n - 1);
    const [rows] = await t.db.select({ n: countRows() }).from(aacOrderItems).where(eq(aacOrderItems.unitId, lot));
    expect(Number(rows.n)).toBe(ORDER_ITEMS_MAX);
    const [unit] = await t.db.select({ itemCount: projectUnits.itemCount }).from(projectUnits).where(eq(projectUnits.id, lot));
    expect(unit.itemCount).toBe(ORDER_ITEMS_MAX);
    // The filler goes again; the lot keeps its real rows.
    await t.db.delete(aacOrderItems).where(and(eq(aacOrderItems.unitId, lot), gte(aacOrderItems.itemIndex, 10_000), eq(aacOrderItems.sublotName, '')));
    const [left] = await t.db.select({ n: countRows() }).from(aacOrderItems).where(eq(aacOrderItems.unitId, lot));
    await t.db.update(projectUnits).set({ itemCount: Number(left.n) }).where(eq(projectUnits.id, lot));
  }, TIMEOUT);
}
