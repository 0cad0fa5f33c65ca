// The data every API benchmark runs on: the demo seed, 10,000 extra project units under the demo roots and 200
// more banners — on the embedded database (a data folder) or on PostgreSQL (a database URL).
import { join } from 'node:path';
import { inArray, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client.js';
import { plants, productTypes, projectUnits } from '../../server/db/schema.js';
import { seedDemo } from '../../server/db/seed.js';
import { DiskFileStorage } from '../../server/services/file-storage.js';

/** 5 roots × 80 subprojects × (1 + 24 approval lots) = 10,000 extra units. */
const UNIT_ROOTS = ['Wohnpark Weserblick', 'Schule am Stadtpark', 'Gewerbehof Nord', 'Appartementen Maaskade', 'Distributiecentrum Venlo'];
const SUBPROJECTS_PER_ROOT = 80;
const LOTS_PER_SUBPROJECT = 24;
const INSERT_BATCH = 500;
const LOT_STATES = ['Structuring', 'Preparing', 'ReviewPreliminaryDrawings', 'ReviseDrawings', 'ReviewRevisedDrawings', 'Finalized', 'Approved'];

type UnitInsert = typeof projectUnits.$inferInsert;

async function insertInBatches(db: Db, rows: UnitInsert[]) {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await db.insert(projectUnits).values(rows.slice(start, start + INSERT_BATCH)).returning({ id: projectUnits.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Subprojects with approval lots under the demo roots, numbered and titled as the portal does. */
async function addUnits(db: Db): Promise<number> {
  const roots = await db.select().from(projectUnits).where(inArray(projectUnits.title, UNIT_ROOTS));
  const children = await db.select({ parentId: projectUnits.parentId }).from(projectUnits);
  const productTypeRows = await db.select().from(productTypes);
  const plantRows = await db.select().from(plants);
  const day = 86_400_000;
  const subprojects: UnitInsert[] = [];
  for (const unit of roots) {
    const taken = children.filter((child) => child.parentId === unit.id).length;
    for (let i = 0; i < SUBPROJECTS_PER_ROOT; i++) {
      subprojects.push({
        rootId: unit.id,
        parentId: unit.id,
        tenantId: unit.tenantId,
        salesOrgId: unit.salesOrgId,
        type: 'subproject',
        number: `${unit.number}-${String(taken + i + 1).padStart(2, '0')}`,
        title: `Bauteil ${i + 1}`,
        stateKey: 'Structuring',
        stateSince: new Date(Date.now() - (i % 30) * day),
      });
    }
  }
  const subprojectIds = await insertInBatches(db, subprojects);
  const lots: UnitInsert[] = [];
  subprojects.forEach((sub, s) => {
    const productType = productTypeRows.find((row) => row.tenantId === sub.tenantId);
    const plant = plantRows.find((row) => row.tenantId === sub.tenantId);
    for (let i = 0; i < LOTS_PER_SUBPROJECT; i++) {
      const n = s * LOTS_PER_SUBPROJECT + i;
      const assigned = n % 2 === 0;
      lots.push({
        rootId: sub.rootId,
        parentId: subprojectIds[s],
        tenantId: sub.tenantId,
        salesOrgId: sub.salesOrgId,
        type: 'approvallot',
        number: `${sub.number}-${String(i + 1).padStart(2, '0')}`,
        title: `Los ${i + 1}`,
        stateKey: LOT_STATES[n % LOT_STATES.length],
        stateSince: new Date(Date.now() - (n % 20) * day),
        deliveryDate: new Date(Date.now() + (20 + (n % 90)) * day).toISOString().slice(0, 10),
        productTypeId: assigned ? productType?.id : null,
        plantId: assigned ? plant?.id : null,
        data: n % 3 === 0 ? `OrderNumber=45${String(n).padStart(6, '0')}` : '',
      });
    }
  });
  await insertInBatches(db, lots);
  return subprojects.length + lots.length;
}

export interface PreparedData {
  /** Extra units written. */
  units: number;
  /** Wohnpark Weserblick, the root whose lots the unit list reads. */
  rootId: number;
}

/** The demo seed plus the extra units, written in-process before the server starts (files under `dataDir`). */
export async function prepareData(dataDir: string, databaseUrl?: string): Promise<PreparedData> {
  const database = await openDatabase({ databaseUrl, dataDir: join(dataDir, 'pglite') });
  try {
    await seedDemo(database.db, new DiskFileStorage(join(dataDir, 'files')));
    const units = await addUnits(database.db);
    // Statistics as a database in service has them: without, the plans depend on whether autovacuum's analyze of the
    // new rows happened to run before or during a measurement (My Tasks on PostgreSQL read 150–480 req/s by that).
    await database.db.execute(sql`analyze`);
    const [weserblick] = await database.db.select().from(projectUnits).where(isNull(projectUnits.parentId)).orderBy(projectUnits.id).limit(1);
    return { units, rootId: weserblick.id };
  } finally {
    await database.close();
  }
}


/** 200 more banners, so the list has pages to sort and count. */
export async function seedBanners(base: string, cookie: string) {
  const orgs = (await (await fetch(`${base}/api/banner-notifications/sales-orgs`, { headers: { cookie } })).json()) as { id: number }[];
  const levels = ['info', 'warning', 'important'];
  for (let i = 0; i < 200; i++) {
    const from = Date.now() + (i - 100) * 3_600_000;
    await fetch(`${base}/api/data/planxchange/banner-notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Bench banner ${i}`,
        text: `Benchmark notification number ${i}`,
        level: levels[i % 3],
        showFrom: new Date(from).toISOString(),
        showUntil: new Date(from + 86_400_000).toISOString(),
        salesOrgs: [orgs[i % orgs.length].id, orgs[(i + 1) % orgs.length].id],
      }),
    });
  }
}
