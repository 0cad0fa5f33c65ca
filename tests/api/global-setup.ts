import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.js';
import { createThrowawayDatabase } from '../support/databases.js';
import { runWide } from '../support/run-wide.js';
import { seedDataDirTemplate } from '../support/server.js';
import { PRODUCTION_LOG2N } from '../../server/lib/passwords.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A PGlite data folder with every migration applied, as an uncompressed tar (tests/api/helpers.ts starts each
     * database from it; PGlite unpacks a gzipped one in ~0.35 s of each file's start).
     */
    pgliteTemplate: string;
    /**
     * The same after the demo seed (tests/api/seed-template.ts), with the files the seed stored: a test file that wants
     * the demo starts from it and copies the files into its own storage instead of seeding.
     */
    pgliteDemoTemplate: { database: string; files: string };
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each test file's database is copied from. */
    postgresTemplate: string;
    /**
     * Seeded PGlite data directories by password hashing cost (log2 N): the servers of the socket suites start on a
     * copy (socket-server.ts). None with TEST_DATABASE_URL (those servers use a PostgreSQL database).
     */
    demoDataDirs: Record<string, string>;
  }
}

interface Templates {
  pgliteTemplate: string;
  pgliteDemoTemplate: { database: string; files: string };
  postgresTemplate: string;
  demoDataDirs: Record<string, string>;
  stop(): Promise<void>;
}

/** The hashing costs of the suites' servers: the test default (vite.config.ts) and production (the login floods). */
const SERVER_LOG2NS = [process.env.PASSWORD_HASH_LOG2N ?? '12', String(PRODUCTION_LOG2N)];

async function makeTemplates(): Promise<Templates> {
  // The seeded data directories in server processes of their own, beside the migrated template made here.
  // The default cost's is the one `npm test` shares with the journeys (PX_TEST_DEMO_DATA_DIR), where it names one.
  const seeding = process.env.TEST_DATABASE_URL
    ? []
    : SERVER_LOG2NS.map((log2n, i) =>
        seedDataDirTemplate({ env: { PASSWORD_HASH_LOG2N: log2n }, what: `the server seeding a demo data directory (2^${log2n})`, shared: i === 0 ? process.env.PX_TEST_DEMO_DATA_DIR : undefined }).then(
          (template) => [log2n, template] as const,
        ),
      );
  const folder = mkdtempSync(join(tmpdir(), 'px-test-template-'));
  const pglite = await openDatabase({});
  const file = join(folder, 'pglite.tar');
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir!('none')).arrayBuffer()));
  await pglite.close();
  const pgliteDemoTemplate = { database: '', files: '' };
  const seedingDemo = process.env.TEST_DATABASE_URL ? undefined : seedPgliteTemplate(file, join(folder, 'pglite-demo.tar'), join(folder, 'demo-files')).then((made) => Object.assign(pgliteDemoTemplate, made));

  let dropTemplate: (() => Promise<void>) | undefined;
  let postgresTemplate = '';
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createThrowawayDatabase(adminUrl, 'px_template');
    const postgres = await openDatabase({ databaseUrl: template.url });
    await postgres.close();
    postgresTemplate = template.name;
    dropTemplate = template.drop;
  }
  const [seeded] = await Promise.all([Promise.all(seeding), seedingDemo]);
  const demoDataDirs = Object.fromEntries(seeded.map(([log2n, template]) => [log2n, template.dir]));
  return {
    pgliteTemplate: file,
    pgliteDemoTemplate,
    postgresTemplate,
    demoDataDirs,
    async stop() {
      await dropTemplate?.();
      rmSync(folder, { recursive: true, force: true });
      for (const [, template] of seeded) if (template.owned) rmSync(template.dir, { recursive: true, force: true });
    },
  };
}

/** The demo seed on a copy of the migrated template, in a process with the suites' hashing cost (seed-template.ts). */
async function seedPgliteTemplate(migrated: string, database: string, files: string): Promise<{ database: string; files: string }> {
  mkdirSync(files);
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./seed-template.ts', import.meta.url)), migrated, database, files], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, PASSWORD_HASH_LOG2N: SERVER_LOG2NS[0] },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding the demo template failed (exit ${code})`);
  return { database, files };
}

/**
 * Migrates one database per run and shares it as a template: every test file then starts from a copy instead of
 * applying all migrations again (on PGlite ~2.5 s of each file's start, on PostgreSQL ~1 s). Made once for the
 * projects api and s3.
 */
export default async function setup(project: TestProject) {
  const { value: templates, teardown } = await runWide('api-templates', makeTemplates);
  project.provide('pgliteTemplate', templates.pgliteTemplate);
  project.provide('pgliteDemoTemplate', templates.pgliteDemoTemplate);
  project.provide('postgresTemplate', templates.postgresTemplate);
  project.provide('demoDataDirs', templates.demoDataDirs);
  return teardown;
}
