import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../scripts/build-app.mjs';
import { CHROMIUM } from './browser';
import { freePort } from '../support/ports.js';
import { waitUntilReady } from '../support/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A data directory with the demo seed, copied by every server of the run (isolated-server.ts). */
    demoTemplate: string;
  }
}

const root = resolve(__dirname, '../..');


/** Seeds the demo into a data directory of its own: a server starts there, becomes ready, and stops again. */
async function seedDemoTemplate(): Promise<string> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'px-e2e-template-'));
  const seeding: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dir, HOST: '127.0.0.1', SEED: 'demo', DATABASE_URL: '', SCHEDULER_INTERVAL_MS: '0', LOG_LEVEL: 'warn', STATIC_DIR: join(dir, 'no-app') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, seeding, { timeoutMs: 120_000, what: 'the server seeding the demo template' });
  const exited = new Promise((r) => seeding.once('exit', r));
  seeding.kill('SIGTERM');
  await exited;
  return dir;
}

/** Builds the app, starts the real server (fresh embedded database with the demo seed) and shares its URL. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run 'bash scripts/ensure-system-deps.sh chromium' (or apt-get install -y chromium)`);
  // The same production build that `npm start` serves (never the development runtime vitest's NODE_ENV would give).
  if (!process.env.E2E_SKIP_BUILD) buildApp({ outDir: process.env.E2E_OUT_DIR });
  // The demo installation, seeded once: every server of the run starts on a copy of it.
  const demoTemplate = await seedDemoTemplate();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'px-e2e-'));
  cpSync(demoTemplate, dataDir, { recursive: true, filter: (source) => !lstatSync(source).isSocket() });
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], {
    cwd: root,
    // The server's warnings and errors show in the test output; request lines stay out of it.
    env: { ...process.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, HOST: '127.0.0.1', SEED: 'demo', DATABASE_URL: '', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...(process.env.E2E_OUT_DIR ? { STATIC_DIR: process.env.E2E_OUT_DIR } : {}) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseURL, server, { timeoutMs: 60_000, what: 'server' });
  project.provide('baseURL', baseURL);
  project.provide('demoTemplate', demoTemplate);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(demoTemplate, { recursive: true, force: true });
  };
}
