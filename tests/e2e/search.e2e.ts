import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface SearchRow {
  id: number;
  title: string;
  rootProjectUnitID: number;
}

describe('project search as customer', () => {
  it('finds the houses of Wohnpark Weserblick, never units of Gewerbehof Nord, and opens a unit', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    await page.goto('/home/app/project/search');
    const search = page.getByPlaceholder('Name, number or order number');
    await search.waitFor();

    await search.fill('Haus');
    const table = page.locator('table');
    await table.getByRole('link', { name: 'Haus A', exact: true }).waitFor();
    await table.getByRole('link', { name: 'Haus B', exact: true }).waitFor();
    const hausA = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Haus A', exact: true }) });
    expect(await hausA.getByRole('cell', { name: 'Subproject' }).count()).toBe(1);
    for (const foreign of ['Gewerbehof Nord', 'Halle 1', 'Außenwände Halle 1']) expect(await table.getByText(foreign).count()).toBe(0);

    // A unit of a project the customer is not a member of is not found at all.
    await search.fill('Gewerbehof');
    await page.getByText('No project units match your search.').waitFor();

    await search.fill('Haus A');
    await table.getByRole('link', { name: 'Haus A', exact: true }).waitFor();
    const rows = (await (await page.request.get(`/api/data/planxchange/projectunitssearch?filter=${encodeURIComponent('{"q":"Haus A"}')}`)).json()) as SearchRow[];
    const unit = rows.find((row) => row.title === 'Haus A')!;
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/home/app/project/details/${unit.rootProjectUnitID}/${unit.id}`),
      hausA.getByRole('cell').nth(1).click(),
    ]);
    await context.close();
  });
});
