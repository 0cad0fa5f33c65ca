import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.js';
import { createThrowawayDatabase } from '../support/databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data folder with every migration applied (tests/api/helpers.ts starts each database from it). */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

interface Templates {
  pgliteTemplate: string;
  postgresTemplate: string;
  stop(): Promise<void>;
}

async function makeTemplates(): Promise<Templates> {
  const folder = mkdtempSync(join(tmpdir(), 'px-test-template-'));
  const pglite = await openDatabase({});
  const file = join(folder, 'pglite.tar.gz');
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()));
  await pglite.close();

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
  return {
    pgliteTemplate: file,
    postgresTemplate,
    async stop() {
      await dropTemplate?.();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Made once per run though vitest calls the setup once per project (api, s3); the last teardown removes them. */
const run = globalThis as typeof globalThis & { __pxApiTemplates?: { templates: Promise<Templates>; users: number } };

/**
 * Migrates one database per run and shares it as a template: every test file then starts from a copy instead of
 * applying all migrations again (on PGlite ~2.5 s of each file's start, on PostgreSQL ~1 s).
 */
export default async function setup(project: TestProject) {
  run.__pxApiTemplates ??= { templates: makeTemplates(), users: 0 };
  const state = run.__pxApiTemplates;
  state.users += 1;
  const templates = await state.templates;
  project.provide('pgliteTemplate', templates.pgliteTemplate);
  project.provide('postgresTemplate', templates.postgresTemplate);
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    run.__pxApiTemplates = undefined;
    await templates.stop();
  };
}
