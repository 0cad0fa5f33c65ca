import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { profilePage } from './profile-hook';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell; what Playwright itself runs headless): the
 * journeys took 20-40 % less time on it than on the full browser. CHROMIUM_PATH chooses another build.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export { DEMO_PASSWORD } from '../support/session.js';
import { DEMO_PASSWORD } from '../support/session.js';

/**
 * What every journey server runs with besides its own port and data: passwords hashed with N=2^12 instead of
 * 2^17 (as the unit and API suites do, vite.config.ts) — a journey signs in ~110 times, each sign-in 0.4 s of
 * server CPU otherwise; the production cost is the API suite's to test (passwords.test.ts).
 */
export const E2E_SERVER_ENV: Record<string, string> = { PASSWORD_HASH_LOG2N: '12' };

/** The shared demo server of this worker (global-setup.ts starts one per worker). */
export function sharedBaseURL(): string {
  const urls = inject('baseURLs');
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(pool - 1) % urls.length];
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Console output journeys accept; anything else logged as an error, any React warning and any uncaught error fails
 * the journey (tests/e2e/console-guard.ts). Keep it short, each entry with its reason.
 */
export const CONSOLE_ALLOWLIST: RegExp[] = [
  // Chromium logs every refused request; these are API refusals the journeys provoke on purpose and the app shows
  // (validation, forbidden, not found, conflicts, limits). A 401 or a 500 is never expected.
  /Failed to load resource: the server responded with a status of (400|403|404|409|413|422|429)\b/,
  // The viewer's WebGL in software rendering (no GPU in CI) warns about performance.
  /GPU stall due to ReadPixels|WebGL.*(performance|software)/i,
];

const consoleProblems: string[] = [];

/** The console errors, React warnings and uncaught errors of all pages since the last call (and forgets them). */
export function takeConsoleProblems(): string[] {
  return consoleProblems.splice(0);
}

function watchConsole(page: Page): void {
  // A refused sign-in (wrong or old password, a deleted account) is the one 401 journeys provoke on purpose: the
  // login form shows it. Chromium's console line names no URL, so each such answer excuses one 401 line.
  let refusedSignIns = 0;
  page.on('response', (response) => {
    if (response.status() === 401 && new URL(response.url()).pathname === '/api/auth/login') refusedSignIns += 1;
  });
  const note = (text: string) => {
    const unauthorised = /Failed to load resource: the server responded with a status of 401\b/.test(text);
    if (unauthorised && refusedSignIns > 0) {
      refusedSignIns -= 1;
      return;
    }
    // The demo identity provider (oidc-provider, a stand-in for the customer's own) answers its interaction steps
    // with 401 until its user signs in there: its pages, not the portal's.
    if (unauthorised && new URL(page.url()).pathname.startsWith('/demo-idp/')) return;
    if (!CONSOLE_ALLOWLIST.some((allowed) => allowed.test(text))) consoleProblems.push(`${page.url()}: ${text.slice(0, 500)}`);
  };
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && /React|Warning:/.test(text))) note(text);
  });
  page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
}

/**
 * A browser context as the journeys use it. It asks for reduced motion (prefers-reduced-motion, as a user can in the
 * system settings): the app then opens dialogs and menus without MUI's transitions (src/theme.ts), and Playwright,
 * which waits for an element to stop moving before it clicks, need not wait out each one. `reducedMotion:
 * 'no-preference'` gives the transitions back: the accessibility audit runs with them.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
  viewport = { width: 1366, height: 860 },
  options: { bypassCSP?: boolean; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'Europe/Berlin', viewport, reducedMotion: 'reduce', ...options });
  context.on('page', watchConsole);
  context.on('page', trackRequests);
  context.on('page', watchForFailures);
  if (process.env.E2E_PROFILE) context.on('page', profilePage);
  return context;
}

/** The pages open now, and per page its last answers from the API that were not 2xx/3xx (for `describeOpenPages`). */
const openPages = new Map<Page, string[]>();
const KEPT_FAILED_ANSWERS = 10;

function watchForFailures(page: Page): void {
  const failed: string[] = [];
  openPages.set(page, failed);
  page.on('close', () => openPages.delete(page));
  page.on('response', (response) => {
    if (response.status() < 400 || !response.url().includes('/api/')) return;
    failed.push(`${new Date().toISOString()} ${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`);
    if (failed.length > KEPT_FAILED_ANSWERS) failed.shift();
  });
}

/**
 * What a failed journey's pages showed: each open page's address, the alerts on screen (notifications, error
 * messages), its last API answers ≥ 400, and a screenshot under `dir` — printed with the failure, so that a journey
 * that fails only on a loaded CI machine says what the browser saw.
 */
export async function describeOpenPages(dir: string, name: string): Promise<string[]> {
  const lines: string[] = [];
  let index = 0;
  for (const [page, failed] of openPages) {
    index += 1;
    const path = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${index}.png`);
    const alerts = await page
      .locator('[role="alert"]')
      .allInnerTexts()
      .catch(() => [] as string[]);
    const shot = await page
      .screenshot({ path, timeout: 5000 })
      .then(() => path)
      .catch((error: Error) => `no screenshot (${error.message.split('\n')[0]})`);
    lines.push(`page ${index}: ${page.url()}`, `  alerts: ${alerts.map((text) => text.trim()).filter(Boolean).join(' | ') || 'none'}`);
    lines.push(`  API answers ≥ 400: ${failed.length ? '' : 'none'}`, ...failed.map((line) => `    ${line}`), `  screenshot: ${shot}`);
  }
  return lines;
}

const inflight = new WeakMap<Page, Set<unknown>>();

/** Counts a page's requests under way, except the live-event stream, which stays open as long as the page. */
function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inflight.set(page, open);
  page.on('request', (request) => {
    if (!request.url().includes('/api/events')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Waits until the page has had no request under way for 500 ms — Playwright's 'networkidle', but blind to the
 * live-event stream (an EventSource is a request that never ends, so 'networkidle' would never come).
 */
export async function settled(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const open = inflight.get(page);
  if (!open) throw new Error('settled(): the page was not opened in a context made by newContext()');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (open.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    if (Date.now() > deadline) throw new Error(`settled(): requests still under way after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Demo users whose identity is managed elsewhere: they sign in through the demo identity provider. */
export const EXTERNAL_LOGINS = new Set(['partner']);

/** Signs in at the demo identity provider's page (reached through "Sign in with Demo-ID"). */
export async function signInAtProvider(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL('**/demo-idp/interaction/**');
  await page.locator('#login').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Logs in through the login page (external logins through the identity provider) and waits for the dashboard. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/home/app/login');
  if (EXTERNAL_LOGINS.has(username)) {
    await page.getByTestId('sso-sign-in').click();
    await signInAtProvider(page, username, password);
    await page.waitForURL('**/home/app/dash');
    return;
  }
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/home/app/dash');
}

/** The order in which a day's digits are typed in each language (the date fields follow the user's language). */
const DAY_DIGITS: Record<string, (year: string, month: string, day: string) => string> = {
  de: (year, month, day) => `${day}${month}${year}`,
  nl: (year, month, day) => `${day}${month}${year}`,
  en: (year, month, day) => `${month}${day}${year}`,
};

/**
 * Types a day (yyyy-mm-dd) into a date field (CalendarDateField; `input` is its value input, found by `data-testid`)
 * as a user does: into the day, month and year sections, in the order the user's language writes them.
 */
export async function fillCalendarDay(input: Locator, isoDay: string): Promise<void> {
  const language = await input.evaluate(() => document.documentElement.lang);
  const [year, month, day] = isoDay.split('-');
  await input.locator('xpath=..').getByRole('spinbutton').first().click();
  await input.page().keyboard.type((DAY_DIGITS[language] ?? DAY_DIGITS.en)(year, month, day));
}

/** A demo unit as the journeys look it up. */
export interface JourneyUnit {
  id: number;
  title: string;
  rootProjectUnitID: number;
}

/** Every root project and unit the page's user sees, by title (read over the API the app uses). */
export async function unitsByTitle(page: Page): Promise<Record<string, JourneyUnit>> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as JourneyUnit[];
  const result: Record<string, JourneyUnit> = {};
  for (const root of roots) {
    result[root.title] = root;
    const units = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: root.id }))}&range=[0,999]`)).json()) as JourneyUnit[];
    for (const unit of units) result[unit.title] = unit;
  }
  return result;
}
