import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, login, newContext } from './browser';

// Issue 20: what the API refuses, the screen explains in place (journeys on the shared server: no demo state changes).
const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('one guard for every admin route', () => {
  it('a non-admin gets the access-denied page at once on every admin path, without asking the API', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
    });
    for (const path of ['admin/preliminary-days', 'admin/banner-notifications', 'admin/users', 'admin/tenants']) {
      const started = Date.now();
      await page.goto(`/home/app/${path}`);
      await page.getByText('Access denied', { exact: false }).first().waitFor({ timeout: 4000 });
      expect(Date.now() - started, path).toBeLessThan(4000);
    }
    expect(refused).toEqual([]);
    await context.close();
  });
});

interface Unit {
  id: number;
  title: string;
  rootProjectUnitID: number;
}

async function unitsByTitle(page: import('playwright-core').Page): Promise<Record<string, Unit>> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as Unit[];
  const result: Record<string, Unit> = {};
  for (const root of roots) {
    result[root.title] = root;
    const units = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: root.id }))}&range=[0,999]`)).json()) as Unit[];
    for (const unit of units) result[unit.title] = unit;
  }
  return result;
}

describe('the unit page explains the rules in place', () => {
  it('closed project: Delete says the project is closed; edit dialog: past delivery date and a taken title are explained before saving', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const units = await unitsByTitle(page);

    const closedLot = units['Dachgeschoss'];
    await page.goto(`/home/app/project/details/${closedLot.rootProjectUnitID}/${closedLot.id}`);
    await page.getByTestId('unit-actions').click();
    expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('The project is closed.').waitFor();
    await page.keyboard.press('Escape');

    const lintelLot = units['Stürze Haus A und B'];
    await page.goto(`/home/app/project/details/${lintelLot.rootProjectUnitID}/${lintelLot.id}`);
    await page.getByTestId('unit-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Planned delivery').fill('2020-01-01');
    await dialog.getByText(/The planned delivery date cannot be before \d/).waitFor();
    expect(await dialog.getByTestId('edit-unit-save').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    const lot = units['Erdgeschoss'];
    await page.goto(`/home/app/project/details/${lot.rootProjectUnitID}/${lot.id}`);
    await page.getByTestId('unit-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog.getByLabel('Title').fill('Obergeschoss');
    await dialog.getByText('This title is already used here', { exact: false }).waitFor();
    expect(await dialog.getByTestId('edit-unit-save').isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill('Erdgeschoss Nord');
    await page.waitForTimeout(600);
    expect(await dialog.getByText('This title is already used here', { exact: false }).count()).toBe(0);
    await context.close();
  });
});
