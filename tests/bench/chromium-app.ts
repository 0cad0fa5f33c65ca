// What the Chromium benchmarks share: the app built once per run (or BENCH_APP_DIR), the real server on a fresh
// demo database, a browser, and the clean-up afterwards.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../scripts/build-app.mjs';
import { CHROMIUM, launchBrowser } from '../e2e/browser.js';
import { startTestServer } from '../support/server.js';

export const root = resolve(import.meta.dirname, '../..');

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The real server on a fresh demo database, serving the built app from `appDir`. */
export async function startServer(appDir: string, dataDir: string): Promise<{ base: string; server: ChildProcess }> {
  const started = await startTestServer({ dataDir, staticDir: appDir });
  return { base: started.baseURL, server: started.child };
}

let builtApp: { dir: string; work: string } | null = null;

/** The built app: BENCH_APP_DIR, or one build per process shared by every benchmark of the run. */
export function builtAppDir(): string {
  if (process.env.BENCH_APP_DIR) return process.env.BENCH_APP_DIR;
  if (builtApp) return builtApp.dir;
  const work = mkdtempSync(join(tmpdir(), 'px-bench-app-'));
  const dir = join(work, 'app');
  buildApp({ outDir: dir, logLevel: 'error' });
  builtApp = { dir, work };
  process.once('exit', () => rmSync(work, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs `measure` against the app in Chromium on its own server and demo database; prints a skip line when
 * Chromium is missing. Everything started here is stopped afterwards.
 */
export async function inChromium(name: string, measure: (browser: Browser, base: string) => Promise<void>): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n${name}: skipped, Chromium not found at ${CHROMIUM}`);
    return;
  }
  const app = builtAppDir();
  const data = mkdtempSync(join(tmpdir(), 'px-bench-data-'));
  try {
    const { base, server } = await startServer(app, data);
    const browser = await launchBrowser();
    try {
      await measure(browser, base);
    } finally {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((done) => setTimeout(done, 300));
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** `npx tsx tests/bench/<file>.ts` runs that benchmark alone. */
export function runWhenMain(moduleUrl: string, benchmark: () => Promise<void>) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  benchmark().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
