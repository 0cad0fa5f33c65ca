import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_ROUTES, menuRoutes, openRoute, projectRoutes, seriousViolations, settle, sheetRoutes, type AxeViolation } from './a11y-routes';
import { launchBrowser, login, newContext } from './browser';
import { startIsolatedServer } from './isolated-server';

// Every route of the app, in German, as customer, staff, configurer and administrator: axe-core finds no serious or
// critical violation, every route sets its document title, and a customer's routes fit a 390 px phone.
// The users switch their profile language to German: this journey gets its own server and database.
const SHOTS = '/tmp/shots-a11y';
let browser: Browser;
let server: Awaited<ReturnType<typeof startIsolatedServer>>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [browser, server] = await Promise.all([launchBrowser(), startIsolatedServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInGerman(user: string): Promise<Page> {
  // axe is injected as a script: the app's Content-Security-Policy would refuse it.
  const context = await newContext(browser, server.baseURL, 'en-US', { width: 1440, height: 900 }, { bypassCSP: true, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  await login(page, user);
  const me = await (await page.request.get('/api/auth/me')).json();
  const changed = await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'de' } });
  expect(changed.status()).toBe(200);
  return page;
}

async function routesOf(page: Page, user: string): Promise<string[]> {
  const routes = [...(await menuRoutes(page)), ...EXTRA_ROUTES, ...(await projectRoutes(page))];
  if (user === 'configurer') routes.push(...(await sheetRoutes(page)));
  return [...new Set(routes)];
}

interface RouteFinding {
  route: string;
  violations: AxeViolation[];
  title: string;
}

/** Pages whose look is kept as screenshots at both sizes (in SHOTS), to be looked at. */
const LOOKED_AT = /^\/(dash|task-list|project\/search|project\/details\/\d+|project\/delivery-overview\/\d+|project\/aac-order\/\d+\/\d+)$/;
const shotName = (route: string, size: string) => `${SHOTS}/${size}-${route.replace(/[^\w]+/g, '_')}.png`;

/** Opens each route, waits for its content, runs axe and reads the document title. */
async function audit(page: Page, routes: string[], user: string): Promise<RouteFinding[]> {
  const findings: RouteFinding[] = [];
  for (const route of routes) {
    await openRoute(page, route);
    await settle(page);
    findings.push({ route, violations: await seriousViolations(page), title: await page.title() });
    if (user === 'customer' && LOOKED_AT.test(route)) await page.screenshot({ path: shotName(route, '1440'), fullPage: true });
  }
  const count = findings.reduce((sum, finding) => sum + finding.violations.length, 0);
  writeFileSync(`${SHOTS}/axe-${user}.json`, JSON.stringify(findings, null, 2));
  // The count the issue asks for, in the test output.
  console.info(`axe (${user}, de): ${routes.length} routes, ${count} serious/critical violations`);
  return findings;
}

const describeViolations = (findings: RouteFinding[]) =>
  findings.flatMap((finding) => finding.violations.map((violation) => `${finding.route}: [${violation.impact}] ${violation.id} – ${violation.help} @ ${violation.targets.join(' | ')}`));
const untitled = (findings: RouteFinding[]) => findings.filter((finding) => !/^.+ – planXchange$/.test(finding.title) || finding.title.startsWith('planXchange')).map((finding) => `${finding.route}: "${finding.title}"`);

// The five audits run side by side, each in a browser context of its own: a route's audit mostly waits (for the
// page to settle, for what moves to stop), so one after another the machine sat idle ~70 % of the file's 165 s.
describe.concurrent('accessibility and document titles of every route (de)', () => {
  // A11Y_USERS=customer,phone narrows the run while fixing.
  for (const user of (process.env.A11Y_USERS ?? 'customer,staff,configurer,admin').split(',').filter((user) => user !== 'phone')) {
    it(`${user}: no serious or critical axe violation, a title on every route`, async ({ expect }) => {
      const page = await signInGerman(user);
      const findings = await audit(page, await routesOf(page, user), user);
      await page.context().close();
      expect(describeViolations(findings)).toEqual([]);
      expect(untitled(findings)).toEqual([]);
      // The administrator has 40 routes: about a minute and a half alone on a busy CI machine, more beside the others.
    }, 240_000);
  }

  it.runIf(!process.env.A11Y_USERS || process.env.A11Y_USERS.includes('phone'))('a customer on a phone (390×844): no route scrolls sideways', async ({ expect }) => {
    const page = await signInGerman('customer');
    // The routes are read from the desktop menu (on a phone it is a closed drawer).
    const routes = await routesOf(page, 'customer');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflowing: string[] = [];
    for (const route of routes) {
      await openRoute(page, route);
      await settle(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (LOOKED_AT.test(route)) await page.screenshot({ path: shotName(route, '390'), fullPage: true });
      if (width > 390) {
        overflowing.push(`${route}: ${width}px`);
        await page.screenshot({ path: `${SHOTS}/overflow-${route.replace(/[^\w]+/g, '_')}.png` });
      }
    }
    await page.context().close();
    expect(overflowing).toEqual([]);
  }, 240_000);
});
