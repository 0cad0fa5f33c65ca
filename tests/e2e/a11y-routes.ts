import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { HELP_TOPICS } from '../../src/domain/help';

/** axe-core's browser bundle, injected into the page (`@axe-core/playwright` declares Node ≥ 22). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  html: string[];
}

/** Runs axe on the page as it is (WCAG 2.1 A/AA rules) and answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    // What is still moving is measured as it ends, not halfway: a closing menu keeps the page aria-hidden (with its
    // focusable controls inside) and a fading element has no contrast yet — on a busy machine axe caught both. Waits
    // (≤ 5 s) until no transition or short animation runs at two looks 80 ms apart (a toast's 5 s time bar and endless
    // spinners are part of the page as it is); a page at rest costs one pause.
    const deadline = Date.now() + 5_000;
    for (let calm = 0; Date.now() < deadline; ) {
      const moving = document.getAnimations().some((animation) => animation.playState === 'running' && Number(animation.effect?.getComputedTiming().endTime) <= 2_000);
      calm = moving ? 0 : calm + 1;
      if (calm === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')), html: violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 300)) }));
  });
}

interface Unit {
  id: number;
  title: string;
  projectUnitType: string;
  rootProjectUnitID: number;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

const filter = (value: object) => encodeURIComponent(JSON.stringify(value));

/** The app's paths the signed-in user's menu links to (every list and page of the menu). */
export async function menuRoutes(page: Page): Promise<string[]> {
  await page.goto('/home/app/dash');
  await page.getByRole('menu').first().waitFor();
  const hrefs = await page.locator('.RaSidebar-fixed a[href^="/home/app/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  return [...new Set(hrefs.map((href) => href.replace(/^\/home\/app/, '')))];
}

/** The pages inside a demo project the user reaches: details, a lot, journal, deliveries, structure, sheet, orders, viewer. */
export async function projectRoutes(page: Page): Promise<string[]> {
  const roots = await getJson<Unit[]>(page, `/api/data/planxchange/projects?filter=${filter({ parentProjectUnitID: null })}&range=[0,99]`);
  const school = roots.find((root) => root.title === 'Schule am Stadtpark') ?? roots[0];
  if (!school) return [];
  const units = await getJson<Unit[]>(page, `/api/data/planxchange/projects?filter=${filter({ rootProjectUnitID: school.id })}&range=[0,199]`);
  const aacLot = units.find((unit) => unit.projectUnitType === 'aacorderlot');
  const lintelLot = units.find((unit) => unit.projectUnitType === 'lintelorderlot');
  const me = await getJson<{ id: number }>(page, '/api/auth/me');
  const root = school.id;
  return [
    `/project/details/${root}`,
    ...(aacLot ? [`/project/details/${root}/${aacLot.id}`, `/project/aac-order/${root}/${aacLot.id}`] : []),
    ...(lintelLot ? [`/project/lintel-order/${root}/${lintelLot.id}`] : []),
    `/project/details/${root}/${root}/journal`,
    `/project/delivery-overview/${root}`,
    `/project/structure/${root}`,
    `/project/questionnaire/${root}`,
    `/project/planning/${root}`,
    `/viewer/${root}/${root}/view`,
    `/project/memberprofile/${root}/${me.id}`,
    `/project/create?source=${filter({ parentProjectUnitID: root })}`,
  ];
}

/** Pages no menu entry leads to directly. */
export const EXTRA_ROUTES = ['/help', ...HELP_TOPICS.map((topic) => `/help/${topic}`), '/closed-projects-list'];

/** Routes of the configurers' sheet editor beyond its list: the first sheet's editor. */
export async function sheetRoutes(page: Page): Promise<string[]> {
  const sheets = await getJson<{ id: number }[]>(page, '/api/data/planxchange/questionnaire-sheets?range=[0,0]');
  return sheets.length ? [`/questionnaire-sheets/${sheets[0].id}`] : [];
}

/** Waits until the page has rendered its content: no progress bar, no loading skeleton, network quiet. */
/**
 * Opens a route of the app as a click on a link would: without reloading the app (the first route loads it). The
 * router follows the browser's history (popstate), so each route is rendered as users reach it, in a second or less.
 */
export async function openRoute(page: Page, route: string): Promise<void> {
  const path = `/home/app${route}`;
  if (!page.url().includes('/home/app/')) {
    await page.goto(path);
    return;
  }
  const title = await page.evaluate((target) => {
    const before = document.title;
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return before;
  }, path);
  // The new page has rendered when it has set its own title (two routes may share one: then the settle below decides).
  await page.waitForFunction((before) => document.title !== before, title, { timeout: 3_000, polling: 50 }).catch(() => undefined);
}

export async function settle(page: Page): Promise<void> {
  await page.locator('#react-admin-title').waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root'), undefined, { timeout: 6_000, polling: 100 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}
