import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';

// This journey assigns product types to Gewerbehof Nord and moves it on to PendingContract: it gets its own
// server and database, so that the other journeys keep finding the demo project in PendingValidation.
const SHOTS = '/tmp/shots-assign';
const { signIn } = isolatedJourney(SHOTS);

async function rootId(page: Page, title: string): Promise<number> {
  const filter = encodeURIComponent(JSON.stringify({ projectUnitType: 'project' }));
  const projects = (await (await page.request.get(`/api/data/planxchange/projects?filter=${filter}&range=[0,99]`)).json()) as { id: number; title: string }[];
  return projects.find((project) => project.title === title)!.id;
}

const planningRow = (page: Page, title: string) => page.locator(`[data-testid="planning-row"][data-unit-title="${title}"]`);

/** Opens an MUI select and picks the option with that text. */
async function choose(page: Page, select: Locator, option: string) {
  await select.getByRole('combobox').click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('staff planning tools', () => {
  it('assigns product types and plants in bulk, enters an order number and so enables "Ready for contract"', async () => {
    const page = await signIn('staff');
    const root = await rootId(page, 'Gewerbehof Nord');

    // PendingValidation without assignments: the button is disabled and the guard's hint says why.
    await page.goto(`/home/app/project/details/${root}`);
    const tasks = page.getByTestId('tasks-card');
    const ready = tasks.getByRole('button', { name: 'Ready for contract' });
    await ready.waitFor();
    expect(await ready.isDisabled()).toBe(true);
    await tasks.getByTestId('action-hint').getByText('Assign a product type to at least one unit first.').waitFor();
    await page.screenshot({ path: `${SHOTS}/01-details-guard.png`, fullPage: true });

    // The planning screen from the project actions card.
    await page.getByTestId('open-planning').click();
    await page.waitForURL(`**/home/app/project/planning/${root}`);
    await planningRow(page, 'Innenwände Halle 1').waitFor();
    expect(await page.getByTestId('planning-row').count()).toBe(4);
    expect(await planningRow(page, 'Außenwände Halle 1').getByTestId('row-preliminary-days').textContent()).toBe('15 days');
    await page.screenshot({ path: `${SHOTS}/02-planning-empty.png`, fullPage: true });

    // Three units selected, one product type and plant for all of them.
    for (const title of ['Halle 1', 'Außenwände Halle 1', 'Innenwände Halle 1']) await planningRow(page, title).getByRole('checkbox').check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('3 units selected').waitFor();
    await choose(page, page.getByTestId('bulk-product-type'), 'Planelemente');
    await choose(page, page.getByTestId('bulk-plant'), 'Werk Bremen');
    await page.screenshot({ path: `${SHOTS}/03-bulk-bar.png`, fullPage: true });
    await bar.getByRole('button', { name: 'Apply to 3 selected units' }).click();
    await planningRow(page, 'Außenwände Halle 1').getByTestId('row-order-number').fill('GN-2026-0815');
    await page.getByTestId('planning-changes').getByText('3 units changed, not saved yet').waitFor();
    expect(await planningRow(page, 'Innenwände Halle 1').getByTestId('row-product-type').textContent()).toContain('Planelemente');
    await page.screenshot({ path: `${SHOTS}/04-planning-edited.png`, fullPage: true });

    await page.getByTestId('planning-save').click();
    await page.getByText('Assignments of 3 units saved').waitFor();
    // Planelemente × Werk Bremen: 10 preliminary days instead of the tenant's largest value.
    await planningRow(page, 'Außenwände Halle 1').getByTestId('row-preliminary-days').getByText('10 days').waitFor();
    expect(await planningRow(page, 'Gewerbehof Nord').getByTestId('row-preliminary-days').textContent()).toBe('15 days');
    await page.getByTestId('planning-changes').getByText('No changes').waitFor();
    await page.screenshot({ path: `${SHOTS}/05-planning-saved.png`, fullPage: true });

    // Back on the details page the guard is met: the hint is gone, the button enabled; the tile shows the chip.
    await page.getByTestId('planning-back').click();
    await page.waitForURL(`**/home/app/project/details/${root}`);
    await page.getByTestId('unit-tile').filter({ hasText: 'Halle 1' }).getByTestId('product-type-chip').getByText('Planelemente').waitFor();
    // The tasks card follows the saved assignments once the details page has asked again (it may first show the
    // cached guard for a moment).
    await expect.poll(() => ready.isEnabled()).toBe(true);
    await expect.poll(() => tasks.getByTestId('action-hint').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/06-details-ready.png`, fullPage: true });

    await ready.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('unit-state').getByText(/^Pending contract/).waitFor();
    await page.screenshot({ path: `${SHOTS}/07-pending-contract.png`, fullPage: true });

    // The lot's own page shows its product type, plant, order number and preliminary days.
    await page.getByTestId('unit-tile').filter({ hasText: 'Halle 1' }).click();
    await page.getByTestId('unit-tile').filter({ hasText: 'Außenwände Halle 1' }).click();
    await page.getByTestId('unit-order-number').getByText('Order no. GN-2026-0815').waitFor();
    expect(await page.getByTestId('unit-plant').textContent()).toBe('Werk Bremen');
    expect(await page.getByTestId('unit-preliminary-days').textContent()).toBe('Preliminary days: 10');
    await page.screenshot({ path: `${SHOTS}/08-lot-summary.png`, fullPage: true });

    // The search lists product type (with id), plant (with id) and order number of those units.
    await page.goto('/home/app/project/search');
    const search = page.getByPlaceholder('Name, number or order number');
    await search.fill('Halle 1');
    const table = page.locator('table');
    const lot = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Außenwände Halle 1', exact: true }) });
    await lot.waitFor();
    expect(await lot.getByTestId('product-type-chip').textContent()).toMatch(/^Planelemente \(\d+\)$/);
    expect(await lot.textContent()).toMatch(/Werk Bremen \(\d+\)/);
    expect(await lot.textContent()).toContain('GN-2026-0815');
    for (const title of ['Halle 1', 'Innenwände Halle 1']) {
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      expect(await row.getByTestId('product-type-chip').textContent()).toMatch(/^Planelemente \(\d+\)$/);
    }
    await search.fill('gn-2026-0815');
    await table.getByRole('link', { name: 'Außenwände Halle 1', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/09-search.png`, fullPage: true });
    await page.context().close();
  });

  it('shows the customer no assignment button', async () => {
    const page = await signIn('customer');
    const root = await rootId(page, 'Schule am Stadtpark');
    await page.goto(`/home/app/project/details/${root}`);
    await page.getByTestId('unit-tile').first().waitFor();
    await page.getByTestId('unit-tile').filter({ hasText: 'Neubau Klassentrakt' }).getByTestId('product-type-chip').getByText('Planelemente').waitFor();
    expect(await page.getByTestId('open-planning').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/10-customer-details.png`, fullPage: true });
    // The order page's header shows the lot's product type too.
    const filter = encodeURIComponent(JSON.stringify({ q: 'Wandelemente Bauabschnitt 1' }));
    const [lot] = (await (await page.request.get(`/api/data/planxchange/projects?filter=${filter}`)).json()) as { id: number }[];
    await page.goto(`/home/app/project/aac-order/${root}/${lot.id}`);
    await page.getByTestId('order-lot').waitFor();
    expect(await page.getByTestId('product-type-chip').textContent()).toBe('Planelemente');
    await page.screenshot({ path: `${SHOTS}/11-order-header.png` });
    // The planning screen is read-only for the customer; its save refuses (403).
    const response = await page.request.put(`/api/planning/${root}`, { data: { rows: [] } });
    expect(response.status()).toBe(403);
    await page.context().close();
  });
});
