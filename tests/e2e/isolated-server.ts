import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { DEMO_PASSWORD, E2E_SERVER_ENV, EXTERNAL_LOGINS, launchBrowser, login, newContext } from './browser';
import { copyDataDir, startTestServer, type TestServer } from '../support/server.js';

const root = resolve(__dirname, '../..');


/** A journey server: the built app, journey settings (E2E_SERVER_ENV), warnings and errors in the test output. */
export function startJourneyServer(options: { dataDir?: string; seed?: 'demo' | 'none'; env?: Record<string, string | undefined>; captureOutput?: boolean; what?: string }): Promise<TestServer> {
  return startTestServer({
    ...options,
    staticDir: process.env.E2E_OUT_DIR ?? join(root, 'dist'),
    env: { ...E2E_SERVER_ENV, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...options.env },
  });
}

/**
 * A second server with its own fresh database (the demo seed, or `seed: 'none'` for an empty installation), for
 * journeys that change demo projects other journeys read (e.g. driving a project through its states). Serves the
 * app the global setup built; `output()` is what the server printed (the first administrator's link).
 */
export async function startIsolatedServer(options: { seed?: 'demo' | 'none'; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'px-e2e-iso-'));
  // A fresh copy of the demo installation (the same as a fresh seed, made minutes ago).
  if ((options.seed ?? 'demo') === 'demo') copyDataDir(inject('demoTemplate'), dataDir);
  const server = await startJourneyServer({ ...options, dataDir, captureOutput: true, what: 'isolated server' });
  return {
    ...server,
    get child() {
      return server.child;
    },
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A journey on its own server: starts the browser and the server before the file's tests, stops both after,
 * and signs demo users in (in English unless told otherwise).
 */
export function isolatedJourney(shotsDir: string, env: Record<string, string> = {}) {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
    [browser, server] = await Promise.all([launchBrowser(), startIsolatedServer({ env })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    /** Restarts the journey's server (same port and data); open pages stay open. */
    restartServer: () => server.restart(),
    /** `bypassCSP`: for a page axe-core is injected into (the app's Content-Security-Policy would refuse it). */
    async signIn(user: string, language = 'en', options: { bypassCSP?: boolean } = {}): Promise<Page> {
      const context = await newContext(browser, server.baseURL, 'en-US', undefined, options);
      const page = await context.newPage();
      // The login page's own journeys are shell.e2e.ts and sso.e2e.ts; here the session is what matters: signed in
      // over the API (external logins through their provider), the app loads once, in the user's language.
      if (EXTERNAL_LOGINS.has(user)) await login(page, user);
      else {
        const answer = await page.request.post('/api/auth/login', { data: { username: user, password: DEMO_PASSWORD } });
        if (answer.status() !== 200) throw new Error(`could not sign ${user} in: ${answer.status()}`);
      }
      const me = await (await page.request.get('/api/auth/me')).json();
      const changed = await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: language } });
      if (changed.status() !== 200) throw new Error(`could not switch ${user} to ${language}: ${changed.status()}`);
      await page.goto('/home/app/dash');
      return page;
    },
  };
}
