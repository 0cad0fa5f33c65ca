import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';

// This journey fixes deliveries and changes delivery data of demo projects: it gets its own server and database.
const SHOTS = '/tmp/shots-deliveries';
const { signIn } = isolatedJourney(SHOTS);

interface Root {
  id: number;
  title: string;
  features?: string[];
}

async function rootsByTitle(page: Page): Promise<Record<string, Root>> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as Root[];
  return Object.fromEntries(roots.map((root) => [root.title, root]));
}

// The overview's rows (the 3D panel beside it lists the chosen delivery's walls in a table of its own).
const rows = (page: Page) => page.locator('table tbody tr').filter({ has: page.getByTestId('delivery-date') });
const statuses = async (page: Page) => rows(page).getByTestId('delivery-status').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-status')));
const dates = async (page: Page) => rows(page).getByTestId('delivery-date').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('datetime') ?? ''));

async function volumeOf(lot: Locator, index: number): Promise<string> {
  return lot.getByTestId(`material-volume-${index}`).inputValue();
}

describe('delivery data and deliveries', () => {
  it('delivery overview: ordered by date with three statuses, hide past, page size, staff marks a planned lot done', async () => {
    const staff = await signIn('staff');
    const school = (await rootsByTitle(staff))['Schule am Stadtpark'];
    await staff.goto(`/home/app/project/details/${school.id}`);
    await staff.getByTestId('delivery-overview-button').click();
    await staff.waitForURL(`**/project/delivery-overview/${school.id}`);
    await rows(staff).first().getByTestId('delivery-status').waitFor();
    await staff.getByTestId('delivery-3d-panel').getByText('3D view').waitFor();

    const shown = await dates(staff);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect([...shown].sort()).toEqual(shown);
    expect(new Set(await statuses(staff))).toEqual(new Set(['Fixed', 'OnCall', 'Planned']));
    // The 3D panel has one tab per delivery on the page; choosing one lists its walls.
    expect(await staff.getByRole('tab').count()).toBe(shown.length);
    const secondTitle = (await rows(staff).nth(1).locator('td').first().textContent())!.trim();
    await staff.getByRole('tab').nth(1).click();
    await staff.getByTestId('selected-lot').getByText(secondTitle).waitFor();
    expect(await staff.getByTestId('selected-walls').getByTestId('wall-dimensions-row').count()).toBeGreaterThan(0);
    await staff.screenshot({ path: `${SHOTS}/01-overview-staff.png`, fullPage: true });

    // Hide past deliveries: the delivered (past) lot goes, and comes back.
    const today = new Date().toISOString().slice(0, 10);
    const pastCount = shown.filter((date) => date < today).length;
    expect(pastCount).toBeGreaterThan(0);
    await staff.getByTestId('hide-past').click();
    await expect.poll(() => rows(staff).count()).toBe(shown.length - pastCount);
    expect((await dates(staff)).every((date) => date >= today)).toBe(true);
    await staff.getByTestId('hide-past').click();
    await expect.poll(() => rows(staff).count()).toBe(shown.length);

    // Page size 10: the list asks for 10 rows.
    const request = staff.waitForRequest((req) => req.url().includes('/delivery-overview?') && decodeURIComponent(req.url()).includes('range=[0,9]'));
    await staff.getByRole('combobox', { name: 'Rows per page:' }).click();
    await staff.getByRole('option', { name: '10', exact: true }).click();
    await request;
    await staff.getByText(`1-${shown.length} of ${shown.length}`).waitFor();

    // Done on a planned lot: yes/no dialog (350 px), toast, the row shows Fixed.
    const planned = rows(staff).filter({ has: staff.locator('[data-status="Planned"]') }).first();
    const plannedTitle = (await planned.locator('td').first().textContent())!.trim();
    expect(await rows(staff).filter({ has: staff.locator('[data-status="Fixed"]') }).getByTestId('delivery-done').count()).toBe(0);
    await planned.getByTestId('delivery-done').click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText('Confirm delivery').waitFor();
    expect(Math.round((await dialog.boundingBox())!.width)).toBeLessThanOrEqual(350);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await staff.getByText(`The delivery "${plannedTitle}" is now fixed.`).waitFor();
    const row = rows(staff).filter({ hasText: plannedTitle });
    await row.locator('[data-status="Fixed"]').waitFor();
    expect(await row.getByTestId('delivery-done').count()).toBe(0);
    await staff.screenshot({ path: `${SHOTS}/02-overview-after-done.png`, fullPage: true });

    // A project without the DeliveryOverview feature answers with a friendly explanation.
    const riverside = (await rootsByTitle(staff))['Riverside Apartments'];
    await staff.goto(`/home/app/project/delivery-overview/${riverside.id}`);
    await staff.getByTestId('delivery-overview-unavailable').getByText('Delivery overview not available').waitFor();
    await staff.screenshot({ path: `${SHOTS}/03-feature-off.png` });
  });

  it('customers see the overview without Done; the delivery dates dialog shows Max and saves a fixed volume', async () => {
    const customer = await signIn('customer');
    const school = (await rootsByTitle(customer))['Schule am Stadtpark'];
    await customer.goto(`/home/app/project/delivery-overview/${school.id}`);
    await rows(customer).first().getByTestId('delivery-status').waitFor();
    expect(await customer.getByTestId('delivery-done').count()).toBe(0);
    expect(await customer.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await customer.screenshot({ path: `${SHOTS}/04-overview-customer.png`, fullPage: true });

    // What the second lot may hold: 350 m³ minus the other lot, minus its own other rows.
    const data = await (await customer.request.get(`/api/delivery-data/${school.id}`)).json();
    const lots = data.subProjects.flatMap((subProject: { approvalLots: { approvalLotID: number; approvalLotTitle: string; available: number; materials: { volume: number }[] }[] }) => subProject.approvalLots);
    const target = lots.find((lot: { approvalLotTitle: string }) => lot.approvalLotTitle === 'Bauabschnitt 2');
    const othersInLot = target.materials.slice(1).reduce((sum: number, material: { volume: number }) => sum + material.volume, 0);
    const rowMax = Math.round((target.available - othersInLot) * 1000) / 1000;

    await customer.goto(`/home/app/project/details/${school.id}`);
    await customer.getByTestId('delivery-dates-button').click();
    const dialog = customer.getByTestId('delivery-data-dialog');
    const lot = dialog.getByTestId(`delivery-lot-${target.approvalLotID}`);
    await lot.getByTestId('material-volume-0').waitFor();
    await lot.getByTestId('material-volume-0').fill(String(rowMax + 20));
    await lot.getByText(`Too much volume. Max: ${rowMax.toLocaleString('en-US')} m³`).waitFor();
    expect(await dialog.getByTestId('delivery-data-save').isDisabled()).toBe(true);
    await lot.getByTestId('material-volume-0').scrollIntoViewIfNeeded();
    await customer.screenshot({ path: `${SHOTS}/05-delivery-dates-error.png` });

    const fixed = Math.round((rowMax - 8.5) * 100) / 100;
    await lot.getByTestId('material-volume-0').fill(String(fixed));
    expect(await lot.getByText(/Max:/).count()).toBe(0);
    await dialog.getByTestId('delivery-data-save').click();
    await customer.getByText('Delivery data saved').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await customer.getByTestId('delivery-dates-button').click();
    const reopened = customer.getByTestId('delivery-data-dialog').getByTestId(`delivery-lot-${target.approvalLotID}`);
    await reopened.getByTestId('material-volume-0').waitFor();
    expect(Number(await volumeOf(reopened, 0))).toBe(fixed);
  });

  it('approval lot dialogs: a new lot is created with its materials, the edit dialog changes them', async () => {
    const customer = await signIn('customer');
    const park = (await rootsByTitle(customer))['Wohnpark Weserblick'];
    const units = (await (await customer.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: park.id }))}&range=[0,99]`)).json()) as { id: number; title: string }[];
    const house = units.find((unit) => unit.title === 'Haus A')!;

    await customer.goto(`/home/app/project/details/${park.id}/${house.id}`);
    await customer.getByTestId('unit-actions').click();
    await customer.getByRole('menuitem', { name: 'New unit' }).click();
    await customer.getByTestId('type-tile-approvallot').click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Dachgeschoss');
    const section = dialog.getByTestId('lot-materials');
    await section.getByTestId('add-material').click();
    await section.getByTestId('material-volume-0').fill('999');
    await section.getByText(/^Too much volume\. Max: [\d.]+ m³$/).waitFor();
    expect(await dialog.getByTestId('create-unit-save').isDisabled()).toBe(true);
    await customer.screenshot({ path: `${SHOTS}/07-create-lot-materials.png` });
    await section.getByTestId('material-volume-0').fill('12.5');
    await expect.poll(() => dialog.getByTestId('create-unit-save').isDisabled()).toBe(false);
    await dialog.getByTestId('create-unit-save').click();
    await customer.waitForURL((url) => /\/project\/details\/\d+\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${house.id}`));
    const lotId = Number(customer.url().split('/').pop());
    const saved = (await (await customer.request.get(`/api/materials/${lotId}`)).json()) as { volume: number }[];
    expect(saved.map((material) => material.volume)).toEqual([12.5]);

    // The new lot's page has loaded (its own breadcrumb), so the menu opened next belongs to it and stays.
    await customer.getByRole('navigation', { name: 'breadcrumb' }).getByText('Dachgeschoss').waitFor();
    await customer.getByTestId('unit-actions').click();
    await customer.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = customer.getByRole('dialog');
    await edit.getByTestId('material-volume-0').fill('15');
    await edit.getByTestId('edit-unit-save').click();
    await edit.waitFor({ state: 'detached' });
    const changed = (await (await customer.request.get(`/api/materials/${lotId}`)).json()) as { volume: number }[];
    expect(changed.map((material) => material.volume)).toEqual([15]);
  });

  it('CCL delivery schedule: the project coordinator enters a week and a note for DJ-01, and they persist', async () => {
    const partner = await signIn('partner');
    const riverside = (await rootsByTitle(partner))['Riverside Apartments'];
    await partner.goto(`/home/app/project/details/${riverside.id}`);
    const card = partner.getByTestId('ccl-schedule-card');
    await card.getByText('Delivery schedule').waitFor();
    const entry = card.locator('li').filter({ hasText: 'DJ-01' });
    await entry.getByLabel('Delivery week', { exact: true }).waitFor();
    const save = entry.getByTestId('ccl-save');
    expect(await save.isDisabled()).toBe(true);

    // The week is chosen from calendar weeks written in the user's language, not the browser's week input.
    await entry.getByRole('combobox', { name: 'Delivery week' }).click();
    await partner.getByRole('option', { name: 'Week 5, 2027', exact: true }).click();
    await entry.getByLabel('Note', { exact: true }).fill('Unload at the north gate, forklift on site.');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await partner.getByText('Delivery schedule of "DJ-01 Ground floor" saved').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await partner.screenshot({ path: `${SHOTS}/06-ccl-schedule.png` });

    await partner.reload();
    const again = partner.getByTestId('ccl-schedule-card').locator('li').filter({ hasText: 'DJ-01' });
    await again.getByLabel('Delivery week', { exact: true }).waitFor();
    expect(await again.getByRole('combobox', { name: 'Delivery week' }).textContent()).toBe('Week 5, 2027');
    expect(await again.getByLabel('Note', { exact: true }).inputValue()).toBe('Unload at the north gate, forklift on site.');

    // An edit left without the save icon is not lost (issue 20): the row saves when focus leaves it.
    await again.getByLabel('Note', { exact: true }).fill('Unload at the south gate.');
    await partner.getByTestId('ccl-schedule-card').getByText('Delivery schedule').click();
    await partner.getByText('Delivery schedule of "DJ-01 Ground floor" saved').first().waitFor();
    await partner.reload();
    const kept = partner.getByTestId('ccl-schedule-card').locator('li').filter({ hasText: 'DJ-01' });
    await kept.getByLabel('Note', { exact: true }).waitFor();
    expect(await kept.getByLabel('Note', { exact: true }).inputValue()).toBe('Unload at the south gate.');
  });
});
