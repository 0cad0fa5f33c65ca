import { and, eq, inArray } from 'drizzle-orm';
import { DELIVERY_TYPE } from '../../src/domain/deliveries.js';
import { formatUnitData, parseUnitData } from '../../src/domain/projectUnits.js';
import { replaceMaterials, syncDeliveryLots } from '../lib/deliveries.js';
import type { Tx } from './client.js';
import { cclDeliverySchedule, deliveryLots, projectUnits, users } from './schema.js';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** ISO week (yyyy-Www) of a day some days from now. */
function isoWeek(daysFromNow: number): string {
  const date = new Date(Date.now() + daysFromNow * DAY);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = target.getUTCDay() || 7;
  target.setUTCDate(target.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(target.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((target.getTime() - yearStart.getTime()) / DAY + 1) / 7);
  return `${target.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const walls = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-W${String(index + 1).padStart(2, '0')}`).join(',');

interface DemoLot {
  project: string;
  lot: string;
  wallNos?: string;
  materials: [type: string, volume: number, days: number][];
}

/**
 * Material rows of the demo approval lots (types are material keys: the questionnaire's material sheets, which the
 * tenants' product types map to through their material key), dated after the
 * preliminary days so the structure page opens without errors. Schule am Stadtpark's lots carry the walls
 * of its model, so that the delivery overview can highlight them.
 */
const DEMO_LOTS: DemoLot[] = [
  { project: 'Wohnpark Weserblick', lot: 'Erdgeschoss', materials: [['planelemente', 48.5, 40], ['stuerze', 2.4, 40]] },
  { project: 'Wohnpark Weserblick', lot: 'Obergeschoss', materials: [['planelemente', 44, 55]] },
  { project: 'Schule am Stadtpark', lot: 'Bauabschnitt 1', wallNos: walls('S-EG', 6), materials: [['planelemente', 42.5, 30], ['stuerze', 3.2, 30]] },
  { project: 'Schule am Stadtpark', lot: 'Bauabschnitt 2', wallNos: walls('S-OG', 6), materials: [['planelemente', 58.75, 47], ['planelemente', 36, 60]] },
  { project: 'Gewerbehof Nord', lot: 'Außenwände Halle 1', materials: [['planelemente', 120, 35]] },
  { project: 'Appartementen Maaskade', lot: 'Verdieping 1-4', materials: [['elementen', 80, 30]] },
];

async function rootOf(tx: Tx, title: string) {
  const [root] = await tx.select().from(projectUnits).where(and(eq(projectUnits.title, title), eq(projectUnits.type, 'project')));
  return root;
}

/** Materials, the delivery lots planned from them (one per type, one past and fixed) and the CCL schedule. */
export async function seedDemoDeliveries(tx: Tx): Promise<void> {
  const roots = new Set<number>();
  for (const demo of DEMO_LOTS) {
    const root = await rootOf(tx, demo.project);
    if (!root) continue;
    const [lot] = await tx.select().from(projectUnits).where(and(eq(projectUnits.rootId, root.id), eq(projectUnits.title, demo.lot), eq(projectUnits.type, 'approvallot')));
    if (!lot) continue;
    if (demo.wallNos) await tx.update(projectUnits).set({ data: formatUnitData({ ...parseUnitData(lot.data), WallNos: demo.wallNos }) }).where(eq(projectUnits.id, lot.id));
    await replaceMaterials(
      tx,
      lot.id,
      demo.materials.map(([type, volume, days]) => ({ type, volume, deliveryDate: inDays(days) })),
    );
    roots.add(root.id);
  }
  for (const rootId of roots) await syncDeliveryLots(tx, rootId);

  const school = await rootOf(tx, 'Schule am Stadtpark');
  if (school) {
    // The first delivery is called off by the site (on call); a past one was delivered (fixed).
    const lots = await tx.select().from(deliveryLots).where(eq(deliveryLots.rootId, school.id)).orderBy(deliveryLots.deliveryDate);
    if (lots[0]) await tx.update(deliveryLots).set({ deliveryType: DELIVERY_TYPE.OnCall }).where(eq(deliveryLots.id, lots[0].id));
    const [first] = await tx.select().from(projectUnits).where(and(eq(projectUnits.rootId, school.id), eq(projectUnits.title, 'Bauabschnitt 1')));
    if (first && lots[0]) {
      await tx.insert(deliveryLots).values({
        rootId: school.id,
        subprojectId: first.parentId,
        title: `Neubau Klassentrakt – ${inDays(-10)}`,
        deliveryDate: inDays(-10),
        deliveryType: DELIVERY_TYPE.Fixed,
        groups: 'Bauabschnitt 1',
        wallNos: walls('S-EG', 2),
        unitIds: [first.id],
      });
    }
  }

  const riverside = await rootOf(tx, 'Riverside Apartments');
  if (riverside) {
    const [partner] = await tx.select({ id: users.id }).from(users).where(eq(users.login, 'partner'));
    const jobs = await tx.select().from(projectUnits).where(and(eq(projectUnits.rootId, riverside.id), inArray(projectUnits.type, ['drawingjob'])));
    for (const [index, job] of jobs.sort((a, b) => a.number.localeCompare(b.number)).entries()) {
      await tx.update(projectUnits).set({ data: formatUnitData({ ...parseUnitData(job.data), CustRef: `RA-${2291 + index}` }) }).where(eq(projectUnits.id, job.id));
      if (index === 0) {
        await tx.insert(cclDeliverySchedule).values({ unitId: job.id, features: 'Standard blocks 7.3 N/mm², lintels by others', deliveryWeek: isoWeek(28), note: 'Crane on site from week start.', updatedBy: partner?.id ?? null });
      }
    }
  }
}
