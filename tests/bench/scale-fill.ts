// Fills a database with the scale data set (tests/bench/scale-data.ts): the demo seed, then the generated rows.
//   npx tsx tests/bench/scale-fill.ts postgres://…/db      full scale on PostgreSQL (1M units, ~5–10 min)
//   npx tsx tests/bench/scale-fill.ts ./data/scale        a tenth on the embedded database (a data folder)
// SCALE_ROOTS, SCALE_USERS, SCALE_JOURNAL override the shape (root projects of 20 units, users, entries per unit).
import { join } from 'node:path';
import { openDatabase } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import { DiskFileStorage } from '../../server/services/file-storage.js';
import { FULL_SCALE, generateScaleData, TENTH_SCALE } from './scale-data.js';

const target = process.argv[2];
if (!target) {
  console.error('usage: tsx tests/bench/scale-fill.ts <postgres URL | data folder>');
  process.exit(2);
}
const postgres = /^postgres(ql)?:/.test(target);
const base = postgres ? FULL_SCALE : TENTH_SCALE;
const shape = {
  roots: Number(process.env.SCALE_ROOTS ?? base.roots),
  users: Number(process.env.SCALE_USERS ?? base.users),
  journalPerUnit: Number(process.env.SCALE_JOURNAL ?? base.journalPerUnit),
};
const started = performance.now();
const database = await openDatabase(postgres ? { databaseUrl: target } : { dataDir: join(target, 'pglite') });
try {
  await seedDemo(database.db, new DiskFileStorage(join(postgres ? '/tmp/px-scale-files' : target, 'files')));
  console.log(`scale data: ${shape.roots} roots (${shape.roots * 20} units), ${shape.users} users, ${shape.journalPerUnit} journal entries per unit`);
  await generateScaleData(database.db, shape, console.log);
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await database.close();
}
