import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';

// This journey changes and places the AAC order of Schule am Stadtpark: it gets its own server and database.
const SHOTS = '/tmp/shots-aac';
const { signIn } = isolatedJourney(SHOTS);

interface Unit {
  id: number;
  title: string;
  rootProjectUnitID: number;
}

/** The demo lot "Wandelemente Bauabschnitt 1" of Schule am Stadtpark. */
async function aacLot(page: Page): Promise<Unit> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as Unit[];
  const school = roots.find((root) => root.title === 'Schule am Stadtpark')!;
  const units = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: school.id }))}&range=[0,99]`)).json()) as Unit[];
  return units.find((unit) => unit.title === 'Wandelemente Bauabschnitt 1')!;
}

const orderPath = (lot: Unit) => `/home/app/project/aac-order/${lot.rootProjectUnitID}/${lot.id}`;
const rows = (page: Page) => page.getByTestId('aac-row');
const lastRow = (page: Page) => rows(page).last();
const cell = (row: Locator, label: string) => row.getByLabel(label, { exact: true });
const totalPallets = async (page: Page) => Number((await page.getByTestId('total-pallets').textContent())!.replace(/\D/g, ''));
const statuses = (page: Page) => rows(page).evaluateAll((list) => list.map((row) => row.getAttribute('data-status')));

async function openTable(page: Page, lot: Unit) {
  await page.goto(orderPath(lot));
  await lastRow(page).and(page.locator('[data-status="new"]')).waitFor();
}

/**
 * Enters the new row with the keyboard only: the focus is in its room cell (the fresh row after a save).
 * `undefined` keeps the pre-filled value; the article is picked by typing its name (type-ahead of the select).
 */
async function typeRow(page: Page, values: { room?: string; storey?: string; article?: string; length?: string; qty: string }) {
  const step = async (value: string | undefined) => {
    if (value !== undefined) await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  };
  await step(values.room);
  await step(values.storey);
  await step(values.article);
  await step(values.length);
  await page.keyboard.type(values.qty);
  const count = await rows(page).count();
  await page.keyboard.press('Enter');
  // Saved: the list reloads and a fresh row appears with the focus in its room cell.
  await expect.poll(() => rows(page).count()).toBe(count + 1);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-field'))).toBe('sublotName');
}

describe('AAC order table', () => {
  it('two customers on one table: a save appears live on the other, whose unsaved edit stays; the same row changed by both is marked and refused', async () => {
    const first = await signIn('customer');
    const second = await signIn('customer');
    const lot = await aacLot(first);
    await Promise.all([openTable(first, lot), openTable(second, lot)]);

    // The second customer starts editing row 2 and does not save yet.
    await cell(rows(second).nth(1), 'Qty').fill('33');
    // The first saves a change of row 1: it appears in the second browser within a second, without a reload,
    // and the second's unsaved edit of row 2 stays.
    await cell(rows(first).first(), 'Qty').fill('26');
    await rows(first).first().getByTestId('row-save').click();
    await rows(first).first().and(first.locator('[data-status="clean"]')).waitFor();
    const savedAt = Date.now();
    await expect.poll(() => cell(rows(second).first(), 'Qty').inputValue(), { timeout: 5_000, interval: 50 }).toBe('26');
    const followedIn = Date.now() - savedAt;
    expect(await cell(rows(second).nth(1), 'Qty').inputValue()).toBe('33');
    expect(await rows(second).nth(1).getAttribute('data-status')).toBe('dirty');

    // Now the first changes row 2 too: the second's row is marked; its save is refused, nothing overwritten.
    await cell(rows(first).nth(1), 'Qty').fill('31');
    await rows(first).nth(1).getByTestId('row-save').click();
    await rows(first).nth(1).and(first.locator('[data-status="clean"]')).waitFor();
    await rows(second).nth(1).getByTestId('row-changed-meanwhile').waitFor();
    expect(await cell(rows(second).nth(1), 'Qty').inputValue()).toBe('33');
    await second.screenshot({ path: `${SHOTS}/05-changed-meanwhile.png`, fullPage: true });
    await rows(second).nth(1).getByTestId('row-save').click();
    await second.getByText('Someone else changed or deleted this row in the meantime.', { exact: false }).waitFor();
    await expect.poll(() => cell(rows(second).nth(1), 'Qty').inputValue()).toBe('31');
    expect(await rows(second).nth(1).getAttribute('data-status')).toBe('clean');
    console.log(`a save appeared in the other browser after ${followedIn} ms`);
    expect(followedIn).toBeLessThan(1_000);
    // The toast has slid in completely.
    await second.waitForTimeout(400);
    await second.screenshot({ path: `${SHOTS}/05-conflict.png`, fullPage: true });
    await first.context().close();
    await second.context().close();
  });

  it('customer enters rows with the keyboard, sees the live totals and the small-volume box, places the order', async () => {
    const customer = await signIn('customer');
    const lot = await aacLot(customer);

    // The details page of the lot leads to the table.
    await customer.goto(`/home/app/project/details/${lot.rootProjectUnitID}/${lot.id}`);
    await customer.getByTestId('order-table-card').waitFor();
    await customer.screenshot({ path: `${SHOTS}/00-details-entry.png`, fullPage: true });
    await customer.getByTestId('open-order-table').click();
    await customer.waitForURL(`**${orderPath(lot)}`);
    await lastRow(customer).and(customer.locator('[data-status="new"]')).waitFor();
    expect(await customer.getByTestId('order-lot').textContent()).toContain('Wandelemente Bauabschnitt 1');

    // Start small: the seeded rows go.
    while ((await rows(customer).count()) > 1) {
      const count = await rows(customer).count();
      await rows(customer).first().getByTestId('row-delete').click();
      await customer.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => rows(customer).count()).toBe(count - 1);
    }
    await expect.poll(() => statuses(customer)).toEqual(['new']);
    expect(await customer.getByTestId('aac-summary').count()).toBe(0);

    // Five rows with the keyboard only: the first one from scratch, the next ones pre-filled from the last.
    await cell(lastRow(customer), 'Room').focus();
    await typeRow(customer, { room: 'Klasse 1.01', storey: 'EG', article: 'Planelement PE 300', length: '3000', qty: '10' });
    expect(await cell(lastRow(customer), 'Room').inputValue()).toBe('Klasse 1.01');
    expect(await cell(lastRow(customer), 'Length (mm)').inputValue()).toBe('3000');
    await typeRow(customer, { room: 'Klasse 1.02', qty: '12' });
    await typeRow(customer, { room: 'Flur', article: 'Planelement PE 240', length: '2740', qty: '14' });
    await typeRow(customer, { room: 'Aula', storey: 'OG', qty: '20' });
    await typeRow(customer, { room: 'Lehrerzimmer', length: '2500', qty: '5' });
    await expect.poll(() => statuses(customer)).toEqual(['clean', 'clean', 'clean', 'clean', 'clean', 'new']);
    const saved = (await (await customer.request.get(`/api/orders/${lot.id}`)).json()) as { items: { sublotName: string; floorName: string; productNo: number; itemLength: number; qty: number }[] };
    expect(saved.items.map((item) => [item.sublotName, item.floorName, item.productNo, item.itemLength, item.qty])).toEqual([
      ['Klasse 1.01', 'EG', 0, 3, 10],
      ['Klasse 1.02', 'EG', 0, 3, 12],
      ['Flur', 'EG', 1, 2.74, 14],
      ['Aula', 'OG', 1, 2.74, 20],
      ['Lehrerzimmer', 'OG', 1, 2.5, 5],
    ]);
    // 1 + 2 + 1 + 2 + 1 pallets: a small volume.
    expect(await totalPallets(customer)).toBe(7);
    await customer.getByTestId('small-volume').waitFor();

    // An invalid row (quantity 2.5, or a length off the 20 mm step) counts in no pallets (issue 20): 7 − 1.
    const firstRow = rows(customer).first();
    await cell(firstRow, 'Qty').fill('2.5');
    await expect.poll(() => totalPallets(customer)).toBe(6);
    await cell(firstRow, 'Qty').fill('10');
    await cell(firstRow, 'Length (mm)').fill('3010');
    await expect.poll(() => totalPallets(customer)).toBe(6);
    await cell(firstRow, 'Length (mm)').fill('3000');
    await expect.poll(() => totalPallets(customer)).toBe(7);
    if ((await firstRow.getAttribute('data-status')) === 'dirty') await firstRow.getByTestId('row-save').click();
    await expect.poll(() => firstRow.getAttribute('data-status')).toBe('clean');

    // Edit one row: arrows up into the second row's quantity, type, the check saves it.
    const second = rows(customer).nth(1);
    await cell(second, 'Qty').click();
    await customer.keyboard.type('15');
    expect(await second.getAttribute('data-status')).toBe('dirty');
    expect(await customer.getByTestId('place-order').isDisabled()).toBe(true);
    await customer.screenshot({ path: `${SHOTS}/01-editing.png`, fullPage: true });
    await second.getByTestId('row-save').click();
    await expect.poll(() => second.getAttribute('data-status')).toBe('clean');
    expect(await cell(second, 'Qty').inputValue()).toBe('15');

    // Delete one row: 6 pallets remain.
    // Deleting asks first: cancelled, the row stays; confirmed, it goes.
    await rows(customer).nth(2).getByTestId('row-delete').click();
    await customer.getByRole('dialog').getByText(/^Row \d+ will be deleted/).waitFor();
    await customer.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await rows(customer).count()).toBe(6);
    await rows(customer).nth(2).getByTestId('row-delete').click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows(customer).count()).toBe(5);
    expect(await totalPallets(customer)).toBe(6);
    expect(await customer.getByTestId('summary-line').count()).toBe(3);
    await customer.getByTestId('small-volume').waitFor();
    await customer.screenshot({ path: `${SHOTS}/02-totals-small-volume.png`, fullPage: true });

    // Growing the order to a truck load (250 × PE 300 = 25 pallets, 30 in all) removes the box while typing.
    await cell(rows(customer).first(), 'Qty').click();
    await customer.keyboard.type('250');
    await expect.poll(() => totalPallets(customer)).toBe(30);
    expect(await customer.getByTestId('small-volume').count()).toBe(0);
    await customer.keyboard.press('Tab');
    await customer.keyboard.press('Enter');
    await expect.poll(() => rows(customer).first().getAttribute('data-status')).toBe('clean');
    await customer.screenshot({ path: `${SHOTS}/03-truck-load.png`, fullPage: true });

    // Place the order: confirmation, toast, read-only table.
    await customer.getByTestId('place-order').click();
    await customer.getByRole('dialog').getByText('Place this order?').waitFor();
    await customer.getByTestId('place-order-confirm').click();
    await customer.getByText('The order was placed.').waitFor();
    await customer.getByTestId('order-read-only').waitFor();
    await expect.poll(() => customer.getByTestId('order-state').textContent()).toBe('Ordered');
    expect(await customer.getByTestId('aac-table').locator('input, select').count()).toBe(0);
    expect(await customer.getByTestId('place-order').count()).toBe(0);
    expect(await rows(customer).count()).toBe(4);
    expect(await totalPallets(customer)).toBe(30);
    await customer.screenshot({ path: `${SHOTS}/04-read-only.png`, fullPage: true });
  });
});
