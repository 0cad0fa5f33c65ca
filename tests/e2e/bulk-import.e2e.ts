import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_TYPES } from '../../src/domain/tenants';
import { launchBrowser, login, newContext, settled } from './browser';
import { startIsolatedServer } from './isolated-server';

// Imports change the demo catalogue other journeys order from: its own server with a fresh demo database.
let baseURL = '';
let server: Awaited<ReturnType<typeof startIsolatedServer>> | undefined;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startIsolatedServer();
  baseURL = server.baseURL;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shots = process.env.E2E_SCREENSHOTS;

describe('bulk administration', () => {
  it('an administrator exports the AAC catalogue, changes prices, adds two articles, previews, imports and finds the changes', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    // A new tenant starts its catalogue in the same file (the demo tenants have their three AAC products each).
    const created = await page.request.post('/api/data/planxchange/tenants', { data: { name: 'Gasbeton Süd', type: TENANT_TYPES[0] }, headers: { origin: baseURL } });
    expect(created.status()).toBe(201);
    const tenantId = (await created.json()).id as number;

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.goto('/home/app/admin/aacproducts');
    try {
      await page.getByRole('cell', { name: 'NS-PE-300-625' }).waitFor();
    } catch (error) {
      if (shots) await page.screenshot({ path: join(shots, 'bulk-failure.png') });
      throw new Error(`${(error as Error).message}\n${errors.join('\n')}`);
    }
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
    const exported = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const parsed = Papa.parse<string[]>(exported.trim());
    const [header, ...rows] = parsed.data;
    // English user: "," separators and decimal points; every catalogue row, the list's order.
    expect(header.slice(0, 4)).toEqual(['Tenant', 'Tenant', 'Product no.', 'Article no.']);
    expect(rows).toHaveLength(8);
    const price = header.indexOf('Price');
    const article = header.indexOf('Article no.');
    for (const row of rows) {
      if (row[article] === 'NS-PE-300-625') row[price] = '199.90';
      if (row[article] === 'NS-PE-240-625') row[price] = '1,179.00';
    }
    rows.push([String(tenantId), '', '0', 'GS-PE-365-625', 'Planelement PE 365', 'PE365', '365', '625', '1000', '6000', '8', '259.00', 'yes']);
    rows.push([String(tenantId), '', '1', 'GS-PE-300-625', 'Planelement PE 300', 'PE300', '300', '625', '1000', '6000', '10', '219.50', 'yes']);
    const file = join(tmpdir(), `aac-price-list-${Date.now()}.csv`);
    writeFileSync(file, '\ufeff' + Papa.unparse([header, ...rows]));

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-file').setInputFiles(file);
    // The columns: every header found its field (the two "Tenant" columns: the id is written, the name ignored).
    await dialog.getByRole('table', { name: 'Columns' }).waitFor();
    await dialog.getByRole('button', { name: 'Show preview' }).click();
    await dialog.getByRole('table', { name: 'Preview' }).waitFor();
    await expect.poll(() => dialog.getByTestId('import-count-new').textContent()).toContain('(2)');
    expect(await dialog.getByTestId('import-count-changed').textContent()).toContain('(2)');
    expect(await dialog.getByTestId('import-count-invalid').textContent()).toContain('(0)');
    await dialog.getByText('Price: 210.50 → 199.90').waitFor();
    if (shots) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(shots, `bulk-import-preview-${width}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await dialog.getByRole('button', { name: 'Import 4 change(s)' }).click();
    await page.getByText('Imported: 2 new, 2 changed, 6 unchanged.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The list shows the new articles and the new prices.
    await page.getByRole('cell', { name: 'GS-PE-365-625' }).waitFor();
    await page.getByRole('cell', { name: '199.90' }).waitFor();
    await page.getByRole('cell', { name: '1,179.00' }).waitFor();

    // …and the record of bulk changes names the file.
    await page.goto('/home/app/admin/bulkoperations');
    await page.getByRole('cell', { name: file.split('/').pop()! }).waitFor();
    await context.close();
  });

  it('a customer has no import, export menu or bulk action, and the API refuses them (403)', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    await page.goto('/home/app/admin/aacproducts');
    await settled(page);
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set field' }).count()).toBe(0);
    const importing = await page.request.post('/api/bulk/aacproducts/import', {
      multipart: { file: { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('Tenant,Article no.\n1,X') } },
      headers: { origin: baseURL },
    });
    expect(importing.status()).toBe(403);
    const editing = await page.request.post('/api/bulk/aacproducts/update', { data: { ids: [1], data: { price: 1 } }, headers: { origin: baseURL } });
    expect(editing.status()).toBe(403);
    expect((await page.request.get('/api/bulk/aacproducts/export.csv')).status()).toBe(403);
    await context.close();
  });
});
