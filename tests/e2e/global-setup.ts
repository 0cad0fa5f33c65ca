import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../scripts/build-app.mjs';
import { CHROMIUM, E2E_SERVER_ENV } from './browser';
import { E2E_WORKERS } from './workers';
import { startJourneyServer } from './isolated-server';
import { runWide } from '../support/run-wide.js';
import { copyDataDir, seedDataDirTemplate } from '../support/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared demo server per worker; a journey file takes its worker's (sharedBaseURL() in browser.ts). */
    baseURLs: string[];
    /** A data directory with the demo seed, copied by every server of the run (isolated-server.ts). */
    demoTemplate: string;
  }
}

/** A server on a copy of the demo template: the shared server of one worker (its scheduler runs, as in production). */
async function startSharedServer(demoTemplate: string): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'px-e2e-'));
  copyDataDir(demoTemplate, dataDir);
  const server = await startJourneyServer({ dataDir, env: { SCHEDULER_INTERVAL_MS: undefined } });
  return {
    baseURL: server.baseURL,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Shared {
  baseURLs: string[];
  demoTemplate: string;
  stop: () => Promise<void>;
}

async function startShared(): Promise<Shared> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run 'bash scripts/ensure-system-deps.sh chromium' (or apt-get install -y chromium-headless-shell)`);
  // The same production build that `npm start` serves (never the development runtime vitest's NODE_ENV would give).
  if (!process.env.E2E_SKIP_BUILD) buildApp({ outDir: process.env.E2E_OUT_DIR });
  // The demo installation, seeded once: every server of the run starts on a copy of it — the API phase's when
  // `npm test` shares one (E2E_SERVER_ENV hashes as the API suites do).
  const template = await seedDataDirTemplate({ env: E2E_SERVER_ENV, what: 'the server seeding the demo template', shared: process.env.PX_TEST_DEMO_DATA_DIR });
  const demoTemplate = template.dir;
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startSharedServer(demoTemplate)));
  return {
    baseURLs: servers.map((server) => server.baseURL),
    demoTemplate,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      if (template.owned) rmSync(demoTemplate, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the app, seeds the demo template and starts one shared server per worker (journeys that change shared
 * demo data start their own, isolated-server.ts): journey files of different workers never meet on a server.
 * The projects of vitest.e2e.config.ts share all of it; the last one's teardown stops it.
 */
export default async function setup(project: TestProject) {
  const { value: shared, teardown } = await runWide('e2e-servers', startShared);
  project.provide('baseURLs', shared.baseURLs);
  project.provide('demoTemplate', shared.demoTemplate);
  return teardown;
}
