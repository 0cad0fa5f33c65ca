import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';

// This journey changes the demo lintel order and places it: it gets its own server and database.
const SHOTS = '/tmp/shots-lintel';
const { signIn } = isolatedJourney(SHOTS);

interface Lot {
  id: number;
  rootProjectUnitID: number;
  title: string;
}

interface LintelProduct {
  id: number;
  thickness: number;
  length: number;
  height: number;
  unitsPerPallet: number;
  active: boolean;
}

async function lintelLot(page: Page, title: string): Promise<Lot> {
  const filter = encodeURIComponent(JSON.stringify({ projectUnitType: 'lintelorderlot' }));
  const lots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${filter}&range=[0,999]`)).json()) as Lot[];
  const lot = lots.find((candidate) => candidate.title === title);
  if (!lot) throw new Error(`no lintel lot "${title}"`);
  return lot;
}

const rows = (page: Page) => page.getByTestId('lintel-row');
const cell = (page: Page, name: string, row: number) => page.getByTestId(`lintel-${name}-${row}`);
const valueOf = (page: Page, name: string, row: number) => cell(page, name, row).inputValue();
const states = (page: Page) => rows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-state')));
const types = (page: Page) => rows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-type')));
const totalPallets = async (page: Page) => Number(((await page.getByTestId('lintel-total-pallets').textContent()) ?? '').replace(/\D/g, ''));
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

describe('lintel order table', () => {
  it('customer fills the lintel order like a spreadsheet: cascade, edit, delete, live summary, place order, read-only', async () => {
    const customer = await signIn('customer');
    const lot = await lintelLot(customer, 'Stürze Bauabschnitt 1');

    // From the lot's details page to its order table.
    await customer.goto(`/home/app/project/details/${lot.rootProjectUnitID}/${lot.id}`);
    await customer.getByTestId('open-order-table').click();
    await customer.waitForURL(`**/project/lintel-order/${lot.rootProjectUnitID}/${lot.id}`);
    await expect.poll(() => rows(customer).count()).toBe(5);
    expect(await states(customer)).toEqual(['clean', 'clean', 'clean', 'clean', 'new']);
    // Row colours follow the lintel type (three FS rows, one other, the fresh row plain), explained by the legend.
    expect(await types(customer)).toEqual(['FS', 'FS', 'FS', 'other', '']);
    await customer.getByTestId('lintel-legend').getByText('FS – flat lintels').waitFor();
    // The seeded order is small: the warning shows with its pallets.
    const seededPallets = await totalPallets(customer);
    await customer.getByTestId('small-volume').getByText(`Small lintel volume: ${seededPallets} pallets`).waitFor();
    // The fresh row starts with room, storey and thickness of the last row.
    expect([await valueOf(customer, 'room', 4), await valueOf(customer, 'storey', 4), await valueOf(customer, 'thickness', 4)]).toEqual(['Eingang', 'EG', '365']);
    await customer.screenshot({ path: `${SHOTS}/01-loaded.png`, fullPage: true });

    // Row A with the keyboard only: room, storey, thickness → length → height picks the article.
    await cell(customer, 'room', 4).focus();
    await customer.keyboard.type('Klasse 1.03');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('OG');
    await customer.keyboard.press('Tab');
    expect(await focused(customer)).toBe('lintel-thickness-4');
    await customer.keyboard.type('115');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('1250');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('124');
    expect(await valueOf(customer, 'length', 4)).toBe('1250');
    expect(await valueOf(customer, 'article', 4)).not.toBe('');
    expect(await cell(customer, 'article', 4).locator('option:checked').textContent()).toContain('115/124, 1250 mm');
    expect(await cell(customer, 'type', 4).textContent()).toBe('FS');
    // Changing the thickness clears length, height and article.
    await customer.keyboard.press('Shift+Tab');
    await customer.keyboard.press('Shift+Tab');
    expect(await focused(customer)).toBe('lintel-thickness-4');
    await customer.keyboard.type('240');
    expect([await valueOf(customer, 'length', 4), await valueOf(customer, 'height', 4), await valueOf(customer, 'article', 4)]).toEqual(['', '', '']);
    expect(await cell(customer, 'type', 4).textContent()).toBe('–');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('1000');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('249');
    expect(await cell(customer, 'article', 4).locator('option:checked').textContent()).toContain('240/249, 1000 mm');
    expect(await rows(customer).nth(4).getAttribute('data-type')).toBe('other');
    await customer.keyboard.press('Tab');
    await customer.keyboard.press('Tab');
    expect(await focused(customer)).toBe('lintel-qty-4');
    await customer.keyboard.type('3');
    expect(await rows(customer).nth(4).getAttribute('data-state')).toBe('dirty');
    await customer.screenshot({ path: `${SHOTS}/02-row-being-entered.png`, fullPage: true });
    await customer.getByTestId('lintel-order-table').screenshot({ path: `${SHOTS}/02-table-detail.png` });
    // Enter in the last cell saves the row; the cursor lands in the fresh row below, pre-filled from it.
    await customer.keyboard.press('Enter');
    await expect.poll(() => rows(customer).count()).toBe(6);
    await expect.poll(() => states(customer)).toEqual(['clean', 'clean', 'clean', 'clean', 'clean', 'new']);
    await expect.poll(() => focused(customer)).toBe('lintel-room-5');
    expect([await valueOf(customer, 'room', 5), await valueOf(customer, 'storey', 5), await valueOf(customer, 'thickness', 5)]).toEqual(['Klasse 1.03', 'OG', '240']);

    // Edit a saved row: Flur, quantity 10 → 20; Enter saves it and moves down.
    expect(await valueOf(customer, 'room', 2)).toBe('Flur');
    await cell(customer, 'qty', 2).focus();
    await customer.keyboard.type('20');
    expect(await rows(customer).nth(2).getAttribute('data-state')).toBe('dirty');
    await cell(customer, 'save', 2).waitFor();
    expect(await cell(customer, 'delete', 2).count()).toBe(0);
    await customer.keyboard.press('Enter');
    await expect.poll(() => rows(customer).nth(2).getAttribute('data-state')).toBe('clean');
    expect(await focused(customer)).toBe('lintel-qty-3');
    const saved = await (await customer.request.get(`/api/orders/${lot.id}`)).json();
    expect(saved.items.find((item: { sublotName: string }) => item.sublotName === 'Flur').qty).toBe(20);

    // Delete a saved row: Klasse 1.02.
    expect(await valueOf(customer, 'room', 1)).toBe('Klasse 1.02');
    await cell(customer, 'delete', 1).click();
    await customer.getByRole('dialog').getByText('Row 2 will be deleted for everyone working on this order.').waitFor();
    await customer.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await customer.getByText('Row 2 deleted').waitFor();
    await expect.poll(() => rows(customer).count()).toBe(5);
    expect(await valueOf(customer, 'room', 1)).toBe('Flur');

    // A conflict: someone else changes Klasse 1.01 while the customer edits it; nothing is overwritten.
    const current = (await (await customer.request.get(`/api/orders/${lot.id}`)).json()).items.find((item: { sublotName: string }) => item.sublotName === 'Klasse 1.01');
    await cell(customer, 'qty', 0).focus();
    await customer.keyboard.type('9');
    const { id: itemId, lintelOrderLotItemID: _itemId, projectUnitID: _lotId, hasCut: _hasCut, lintelType: _type, ...fields } = current;
    expect((await customer.request.put(`/api/orders/${lot.id}/items/${itemId}`, { data: { ...fields, qty: 11 } })).status()).toBe(200);
    await cell(customer, 'save', 0).click();
    await customer.getByText('Someone else changed or deleted this row in the meantime.', { exact: false }).waitFor();
    await expect.poll(() => valueOf(customer, 'qty', 0)).toBe('11');
    expect(await rows(customer).nth(0).getAttribute('data-state')).toBe('clean');
    await customer.screenshot({ path: `${SHOTS}/03-conflict.png` });

    // The summary follows the rows; the warning stays while the order is small.
    const pallets = await totalPallets(customer);
    expect(pallets).toBeLessThan(28);
    await customer.getByTestId('small-volume').waitFor();
    expect(await customer.getByTestId('lintel-summary-line').count()).toBe(4);

    // Row B grows the order to 29 pallets: the warning goes while typing (live), before the row is saved.
    const product = (saved.products as LintelProduct[]).find((candidate) => candidate.active && candidate.thickness === 240 && candidate.height === 249 && candidate.length === 1500)!;
    const qty = (29 - pallets) * product.unitsPerPallet;
    await cell(customer, 'room', 4).focus();
    await customer.keyboard.press('Tab');
    await customer.keyboard.press('Tab');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('1500');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('249');
    await customer.keyboard.press('Tab');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type(String(qty));
    await expect.poll(() => totalPallets(customer)).toBe(29);
    expect(await customer.getByTestId('small-volume').count()).toBe(0);
    // Unsaved rows hold the order back.
    expect(await customer.getByTestId('place-order').isDisabled()).toBe(true);
    await customer.keyboard.press('Enter');
    await expect.poll(() => states(customer)).toEqual(['clean', 'clean', 'clean', 'clean', 'clean', 'new']);
    expect(await customer.getByTestId('lintel-total-qty').textContent()).toBe(String(11 + 20 + 2 + 3 + qty));
    await customer.screenshot({ path: `${SHOTS}/04-grown-no-warning.png`, fullPage: true });

    // Place the order; afterwards the table is read-only.
    await customer.getByTestId('place-order').click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByText('Place this order?').waitFor();
    await dialog.getByTestId('place-order-confirm').click();
    await customer.getByText('The order was placed.').waitFor();
    await customer.getByTestId('order-read-only').waitFor();
    await expect.poll(() => rows(customer).count()).toBe(5);
    expect(await customer.getByTestId('lintel-order-table').locator('input, select').count()).toBe(0);
    expect(await customer.getByTestId('place-order').count()).toBe(0);
    expect(await customer.getByTestId('lintel-summary-line').count()).toBe(5);
    await customer.screenshot({ path: `${SHOTS}/05-ordered-read-only.png`, fullPage: true });
  });

  it('a lot still in Structuring is read-only for the customer (in German): rows below quantity 1 hidden', async () => {
    const customer = await signIn('customer', 'de');
    const lot = await lintelLot(customer, 'Stürze Haus A und B');
    const data = await (await customer.request.get(`/api/orders/${lot.id}`)).json();
    expect(data.editable).toBe(false);
    await customer.goto(`/home/app/project/lintel-order/${lot.rootProjectUnitID}/${lot.id}`);
    await customer.getByTestId('order-read-only').waitFor();
    const shown = data.items.filter((item: { qty: number }) => item.qty >= 1).length;
    await expect.poll(() => rows(customer).count()).toBe(shown);
    expect(await customer.getByTestId('lintel-order-table').locator('input, select').count()).toBe(0);
    await customer.getByRole('columnheader', { name: 'Dicke (mm)' }).waitFor();
    await customer.getByTestId('lintel-legend').getByText('FS – Flachstürze').waitFor();
    await customer.screenshot({ path: `${SHOTS}/06-read-only-de.png`, fullPage: true });
  });
});
