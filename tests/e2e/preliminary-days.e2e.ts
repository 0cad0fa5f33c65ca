import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** react-admin renders a create/edit form again once its access check resolves: wait until it stays put. */
async function waitForSettledForm(page: Page) {
  await page.waitForFunction(
    () => {
      const state = window as unknown as { pxForm?: Element | null; pxSince?: number };
      const form = document.querySelector('main form');
      if (form !== state.pxForm) {
        state.pxForm = form;
        state.pxSince = performance.now();
        return false;
      }
      return Boolean(form) && performance.now() - (state.pxSince ?? 0) > 600;
    },
    undefined,
    { polling: 100 },
  );
}

const input = (page: Page, plant: string, product: string) => page.getByLabel(`Preliminary days for ${plant}, ${product}`, { exact: true });

describe('preliminary days and catalogues as admin', () => {
  it('edits three rows, sees them highlighted, saves exactly three PUTs and finds the values after a reload', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.goto('/home/app/admin/preliminary-days');
    await page.getByRole('columnheader', { name: 'Plant' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Product' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Preliminary days' }).count()).toBe(1);

    // Sorted by plant, then product; every row has its input.
    const firstCells = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(firstCells).toEqual([...firstCells].sort((a, b) => a.localeCompare(b)));
    expect(firstCells[0]).toBe('CCL Plant Leeds');
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);

    const puts: { url: string; body: unknown }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/productplantpreliminarydays/')) {
        puts.push({ url: request.url(), body: JSON.parse(request.postData() ?? 'null') });
      }
    });

    const edits: [string, string, string][] = [
      ['Werk Bremen', 'Planelemente', '23'],
      ['Werk Hannover', 'Stürze', '31'],
      ['Fabriek Deventer', 'Lateien', '5'],
    ];
    for (const [plant, product, value] of edits) await input(page, plant, product).fill(value);
    expect(await page.locator('tbody tr[data-dirty="true"]').count()).toBe(3);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isEnabled()).toBe(true);

    // An invalid value shows its message and blocks Save; typing the old value back makes the row clean again.
    const leeds = input(page, 'CCL Plant Leeds', 'Wall panels');
    const original = await leeds.inputValue();
    await leeds.fill('0');
    await page.getByText('At least 1 day.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await page.locator('tbody tr[data-dirty="true"]').count()).toBe(4);
    await leeds.fill(original);
    expect(await page.locator('tbody tr[data-dirty="true"]').count()).toBe(3);
    const highlighted = page.locator('tbody tr[data-dirty="true"]').first();
    expect(await highlighted.evaluate((row) => getComputedStyle(row).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: 'test-results/preliminary-days-dirty.png' });

    await save.click();
    await page.getByText('Preliminary days saved (3 rows).').waitFor();
    await save.waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr[data-dirty="true"]').count()).toBe(0);
    expect(puts).toHaveLength(3);
    expect(puts.map((put) => put.body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { PreliminaryDays: 23 },
      { PreliminaryDays: 31 },
      { PreliminaryDays: 5 },
    ]);
    expect(new Set(puts.map((put) => put.url)).size).toBe(3);

    await page.reload();
    await page.getByRole('columnheader', { name: 'Plant' }).waitFor();
    for (const [plant, product, value] of edits) expect(await input(page, plant, product).inputValue()).toBe(value);
    expect(await input(page, 'CCL Plant Leeds', 'Wall panels').inputValue()).toBe(original);
    expect(puts).toHaveLength(3);
    await context.close();
  });

  it('creates an AAC product and deletes it again', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.goto('/home/app/admin/aacproducts');
    await page.getByRole('columnheader', { name: 'Article no.' }).waitFor();

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/admin/aacproducts/create');
    await waitForSettledForm(page);
    await page.getByRole('combobox', { name: 'Tenant' }).click();
    await page.getByRole('option', { name: 'CCL Construction Components' }).click();
    await page.getByRole('combobox', { name: 'Product no.' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByLabel('Article no.').fill('CCL-E2E-150');
    await page.getByLabel('Code').fill('E2E150');
    await page.getByLabel('Title').fill('E2E panel 150');
    await page.getByLabel('Thickness (mm)').fill('150');
    // The form checks the 20 mm step before anything is sent.
    await page.getByLabel('Max. length (mm)').fill('4010');
    await page.getByText('Lengths are multiples of 20 mm.').waitFor();
    await page.getByLabel('Max. length (mm)').fill('4000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/aacproducts');
    const row = page.getByRole('row').filter({ hasText: 'CCL-E2E-150' });
    await row.waitFor();
    expect(await row.innerText()).toContain('E2E panel 150');

    await row.getByText('E2E panel 150').click();
    await page.waitForURL(/\/admin\/aacproducts\/\d+$/);
    await waitForSettledForm(page);
    expect(await page.getByLabel('Article no.').inputValue()).toBe('CCL-E2E-150');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/admin/aacproducts');
    await page.getByRole('columnheader', { name: 'Article no.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const api = await page.request.get(`/api/data/planxchange/aacproducts?filter=${encodeURIComponent(JSON.stringify({ q: 'CCL-E2E' }))}`);
    expect(await api.json()).toEqual([]);
    await context.close();
  });
});
