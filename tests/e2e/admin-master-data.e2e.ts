import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../api/png-fixture';
import { launchBrowser, login, newContext, settled, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function chooseTenant(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Tenant' }).first().click();
  await page.getByRole('option', { name, exact: true }).click();
}

async function save(page: Page, listPath: string) {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname === listPath);
}

describe('master data as admin', () => {
  it('creates a plant, finds it by filter, edits it, exports CSV and deletes it; a used plant stays with a clear message', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.goto('/home/app/admin/plants');
    await page.getByRole('cell', { name: 'Werk Bremen', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/admin/plants/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Werk Kassel');
    await chooseTenant(page, 'Nordstein Porenbeton');
    await save(page, '/home/app/admin/plants');

    // Found by the text filter (and the tenant filter keeps it).
    await page.getByPlaceholder('Search').fill('E2E Werk');
    await page.getByRole('cell', { name: 'E2E Werk Kassel', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Werk Bremen', exact: true }).waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'E2E Werk Kassel' });
    expect(await row.getByText('Nordstein Porenbeton').count()).toBe(1);

    // Edit: only the change is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') sent.push(request.postData() ?? '');
    });
    await page.getByRole('cell', { name: 'E2E Werk Kassel', exact: true }).click();
    await page.waitForURL(/\/admin\/plants\/\d+$/);
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('E2E Werk Kassel');
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Werk Kassel-Nord');
    await save(page, '/home/app/admin/plants');
    await page.getByRole('cell', { name: 'E2E Werk Kassel-Nord', exact: true }).waitFor();
    // The change and the version it was made on.
    expect(sent.map((body) => JSON.parse(body))).toEqual([{ name: 'E2E Werk Kassel-Nord', version: 1 }]);

    // A conflict: another admin renames the plant while this form is open. The save is refused with a message,
    // nothing is overwritten, and the form shows the other name.
    await page.getByRole('cell', { name: 'E2E Werk Kassel-Nord', exact: true }).click();
    await page.waitForURL(/\/admin\/plants\/\d+$/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('E2E Werk Kassel-Nord');
    await settled(page);
    const plantUrl = `/api/data/planxchange/plants/${page.url().split('/').pop()}`;
    const current = await (await page.request.get(plantUrl)).json();
    expect((await page.request.put(plantUrl, { data: { name: 'E2E Werk Kassel-Süd', version: current.version } })).status()).toBe(200);
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Werk Kassel-West');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Someone else changed this in the meantime.', { exact: false }).first().waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('E2E Werk Kassel-Süd');
    await page.screenshot({ path: 'test-results/admin-plant-conflict.png' });
    expect((await (await page.request.get(plantUrl)).json()).name).toBe('E2E Werk Kassel-Süd');
    await page.goto('/home/app/admin/plants');
    await page.getByRole('cell', { name: 'E2E Werk Kassel-Süd', exact: true }).waitFor();

    // CSV export of the filtered list, streamed whole by the server.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^plants-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('ID,Tenant,Name');
    expect(csv).toContain('E2E Werk Kassel-Süd');
    expect(csv).not.toContain('Werk Bremen');

    // Bulk delete after confirming.
    await page.getByRole('row').filter({ hasText: 'E2E Werk Kassel-Süd' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('cell', { name: 'E2E Werk Kassel-Süd', exact: true }).waitFor({ state: 'detached' });

    // A plant that units use is refused with the server's message; it stays in the list.
    await page.getByPlaceholder('Search').fill('Werk Hannover');
    const hannover = page.getByRole('row').filter({ hasText: 'Werk Hannover' });
    await hannover.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/used by \d+ project units/).waitFor();
    await page.getByRole('cell', { name: 'Werk Hannover', exact: true }).waitFor();
    await page.screenshot({ path: 'test-results/admin-plants.png' });
    await context.close();
  });

  it('creates a product type with a colour preview', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.goto('/home/app/admin/producttypes/create');
    await page.getByLabel('Title').fill('E2E Wandtafeln');
    const background = page.getByLabel('Background colour', { exact: true });
    await background.fill('#00897');
    await page.getByText('Enter a colour as #rrggbb').waitFor();
    await background.fill('#00897b');
    const preview = page.getByTestId('product-type-preview');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="product-type-preview"]')!).backgroundColor === 'rgb(0, 137, 123)');
    expect(await preview.innerText()).toBe('E2E Wandtafeln');
    await chooseTenant(page, 'Calcon Bouwsystemen');
    await save(page, '/home/app/admin/producttypes');
    await page.getByText('E2E Wandtafeln', { exact: true }).waitFor();
    await context.close();
  });

  it('uploads a tenant logo and sees it', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.goto('/home/app/admin/tenants');
    await page.getByRole('cell', { name: 'Calcon Bouwsystemen', exact: true }).click();
    await page.waitForURL(/\/admin\/tenants\/\d+$/);
    const card = page.getByTestId('tenant-logo');
    const before = await card.getByTestId('tenant-logo-preview').getAttribute('src');
    await card.getByTestId('tenant-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(160, 48, [200, 30, 30]) });
    await page.getByText('Image saved').waitFor();
    await page.waitForFunction(
      (old) => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="tenant-logo-preview"]');
        return Boolean(img && img.getAttribute('src') !== old && img.complete && img.naturalWidth === 160);
      },
      before,
    );
    // A file that is not a PNG is refused in the browser already.
    await card.getByTestId('tenant-logo-file').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a png') });
    await card.getByTestId('tenant-logo-error').waitFor();
    await page.screenshot({ path: 'test-results/admin-tenant-logo.png' });
    await context.close();
  });
});
