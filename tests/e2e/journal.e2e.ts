import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../src/domain/journal';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
const shots = process.env.E2E_SHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(async () => browser?.close());

interface Unit {
  id: number;
  title: string;
  rootProjectUnitID: number;
  stateKey: string;
}

const J = '/api/data/planxchange/project-unit-journal';

async function rootsByTitle(page: Page): Promise<Record<string, Unit>> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as Unit[];
  return Object.fromEntries(roots.map((root) => [root.title, root]));
}

async function journal(page: Page, filter: Record<string, unknown>): Promise<{ status: number; rows: JournalRecord[]; total: number }> {
  const response = await page.request.get(`${J}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]`);
  if (response.status() !== 200) return { status: response.status(), rows: [], total: 0 };
  const total = Number(response.headers()['content-range']?.split('/')[1]);
  return { status: 200, rows: (await response.json()) as JournalRecord[], total };
}

async function useEnglish(page: Page) {
  const me = await (await page.request.get('/api/auth/me')).json();
  expect((await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } })).status()).toBe(200);
}

const bodyRows = (page: Page) => page.locator('table tbody tr');

/** Waits until the table shows exactly `count` rows (the filters are debounced, the list reloads). */
async function expectRowCount(page: Page, count: number) {
  await expect.poll(() => bodyRows(page).count(), { timeout: 10_000 }).toBe(count);
}

describe('project journal as internal staff', () => {
  it('lists the state changes, filters by unit type and user and highlights a delay', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    await useEnglish(page);
    const roots = await rootsByTitle(page);
    const school = roots['Schule am Stadtpark'];
    const all = await journal(page, { rootProjectUnitID: school.id });
    expect(all.total).toBeGreaterThan(3);
    const delayed = all.rows.find((row) => row.delayed);
    expect(delayed, 'the demo history has a delayed entry').toBeDefined();

    await page.goto(`/home/app/project/details/${school.id}/${school.id}/journal`);
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    await expectRowCount(page, Math.min(all.total, 20));
    await page.getByText(`1-${Math.min(all.total, 20)} of ${all.total}`).waitFor();
    // Newest first; the state change reads "old → new" with translated state names.
    const change = all.rows.find((row) => !row.delayed && JSON.parse(row.contentJson).oldState === 'Structuring' && row.projectUnitType === 'project')!;
    expect(change).toBeDefined();
    const changeRow = bodyRows(page)
      .filter({ hasText: change.userName })
      .filter({ has: page.getByRole('cell', { name: 'Project', exact: true }) })
      .filter({ has: page.getByLabel(/^from Structuring to /) });
    expect(await changeRow.count()).toBeGreaterThan(0);

    // The delayed row: warning background, "Yes" with its icon, and the escalation rule's text.
    const delayedRow = bodyRows(page).filter({ hasText: delayed!.delayReason });
    expect(await delayedRow.count()).toBe(1);
    await delayedRow.getByText('Yes', { exact: true }).waitFor();
    await delayedRow.getByText('System (deadline check)').waitFor();
    const background = await delayedRow.evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent|rgb\(255, 255, 255\)/);
    const plainRow = bodyRows(page).filter({ hasText: change.userName }).first();
    expect(await plainRow.evaluate((row) => getComputedStyle(row).backgroundColor)).not.toBe(background);
    if (shots) await page.screenshot({ path: `${shots}/journal-staff.png`, fullPage: true });

    // Unit types: approval lots only.
    const lots = await journal(page, { rootProjectUnitID: school.id, unitTypes: ['approvallot'] });
    expect(lots.total).toBeGreaterThan(0);
    expect(lots.total).toBeLessThan(all.total);
    await page.getByRole('combobox', { name: 'Unit types' }).click();
    await page.getByRole('option', { name: 'Approval lot' }).click();
    await page.keyboard.press('Escape');
    await expectRowCount(page, Math.min(lots.total, 20));
    for (const cell of await bodyRows(page).locator('td:nth-child(3)').allTextContents()) expect(cell).toBe('Approval lot');

    // And by user (name, login or e-mail), debounced: the rows of that member only.
    const member = lots.rows.find((row) => row.userLogin)!;
    const mine = await journal(page, { rootProjectUnitID: school.id, unitTypes: ['approvallot'], user: member.userLogin });
    await page.getByLabel('User', { exact: true }).fill(member.userLogin);
    await expectRowCount(page, mine.total);
    expect(mine.rows.every((row) => row.userName === member.userName)).toBe(true);
    for (const cell of await bodyRows(page).locator('td:nth-child(5)').allTextContents()) expect(cell).toContain(member.userName);
    expect(page.url()).toContain('filter=');

    await page.getByLabel('User', { exact: true }).fill('nobody-has-this-name');
    await page.getByText('No entries match the filters.').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/journal-filtered-empty.png`, fullPage: true });

    // Back to the details page of the unit.
    await page.getByTestId('journal-back').click();
    await page.waitForURL((url) => url.pathname === `/home/app/project/details/${school.id}`);
    await context.close();
  });

  it('pages through a history longer than a page, and every transition adds an entry', async () => {
    // The drafter toggles a drawing job of Riverside Apartments back and forth (it ends where it started).
    const drafterContext = await newContext(browser, baseURL);
    const drafter = await drafterContext.newPage();
    await login(drafter, 'drafter');
    const roots = await rootsByTitle(drafter);
    const riverside = roots['Riverside Apartments'];
    const units = (await (await drafter.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: riverside.id }))}&range=[0,99]`)).json()) as Unit[];
    const job = units.find((unit) => unit.title === 'DJ-01 Ground floor')!;
    const before = await journal(drafter, { rootProjectUnitID: riverside.id });
    expect(before.status).toBe(200);
    // Enough to fill more than one page of 10 with this job's own entries, and an even number.
    const ownBefore = before.rows.filter((row) => row.projectUnitID === job.id).length;
    const toggles = Math.max(2, 2 * Math.ceil((11 - ownBefore) / 2));
    let state = job.stateKey;
    for (let i = 0; i < toggles; i += 1) {
      const requirement = state === 'CCLReadyForDrawing' ? 'drawing-job-not-ok' : 'drawing-job-ok';
      const response = await drafter.request.put(`/api/data/planxchange/projectunitstates/${job.id}`, { data: { projectUnitID: job.id, requirements: [requirement] } });
      expect(response.status(), await response.text()).toBe(200);
      state = state === 'CCLReadyForDrawing' ? 'CCLNotReadyForDrawing' : 'CCLReadyForDrawing';
    }
    const after = await journal(drafter, { rootProjectUnitID: riverside.id });
    expect(after.total).toBe(before.total + toggles);
    await drafterContext.close();

    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    await useEnglish(page);
    await page.goto(`/home/app/project/details/${riverside.id}/${job.id}/journal`);
    // A unit's journal: that unit and everything below it.
    const own = after.rows.filter((row) => row.projectUnitID === job.id);
    expect(own.length).toBeGreaterThan(10);
    await expectRowCount(page, Math.min(own.length, 20));
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expectRowCount(page, 10);
    await page.getByText(`1-10 of ${own.length}`).waitFor();
    await page.getByRole('button', { name: /next page/i }).click();
    await expectRowCount(page, Math.min(own.length - 10, 10));
    await page.getByText(`11-${Math.min(own.length, 20)} of ${own.length}`).waitFor();
    await bodyRows(page).first().getByLabel(/^from (Ready for drawing|Not ready for drawing) to /).waitFor();
    await context.close();
  });
});

describe('project journal for everyone else', () => {
  it('tells a customer that it is not available, and the API does not know it', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const roots = await rootsByTitle(page);
    const school = roots['Schule am Stadtpark'];
    await page.goto(`/home/app/project/details/${school.id}/${school.id}/journal`);
    await page.getByTestId('journal-not-available').getByText('History not available').waitFor();
    await page.getByText('The history is not available for this project or for your account.').waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect((await journal(page, { rootProjectUnitID: school.id })).status).toBe(404);
    if (shots) await page.screenshot({ path: `${shots}/journal-customer.png`, fullPage: true });
    await context.close();
  });

  it('is not available on a project without HasJournal, nor on a project that does not exist', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    await useEnglish(page);
    const maaskade = (await rootsByTitle(page))['Appartementen Maaskade'];
    await page.goto(`/home/app/project/details/${maaskade.id}/${maaskade.id}/journal`);
    await page.getByTestId('journal-not-available').waitFor();
    expect((await journal(page, { rootProjectUnitID: maaskade.id })).status).toBe(404);
    await page.goto('/home/app/project/details/999999/999999/journal');
    await page.getByTestId('journal-not-available').waitFor();
    await context.close();
  });
});
