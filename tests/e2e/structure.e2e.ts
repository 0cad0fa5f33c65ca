import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';
import { fillCalendarDay } from './browser';

// This journey builds and creates the structure of Wohnpark Weserblick (it leaves Structuring): it gets its own
// server and database, so that the other journeys keep finding the demo project as seeded.
const SHOTS = '/tmp/shots-structure-page';
const { signIn } = isolatedJourney(SHOTS);

/** Types into an add input with the keyboard and presses Enter. */
async function typeAndAdd(page: Page, container: Locator, name: string) {
  await container.getByRole('textbox').click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
}

const subproject = (page: Page, name: string) => page.getByTestId('subproject').filter({ has: page.getByTestId('subproject-title').getByText(name, { exact: true }) });
const saveButton = (page: Page) => page.getByTestId('save-draft');
const volumeInput = (row: Locator) => row.getByTestId('material-volume').locator('input');
const dateInput = (row: Locator) => row.getByTestId('material-deliveryDate').locator('input');

/** Fills a material row with a volume and its earliest possible delivery date. */
async function fillRow(row: Locator, volume: string) {
  await volumeInput(row).fill(volume);
  const earliest = await dateInput(row).getAttribute('data-min');
  await fillCalendarDay(dateInput(row), earliest!);
}

describe('project structure page', () => {
  it('builds, checks, saves, imports from IFC and creates the structure of a project', async () => {
    const page = await signIn('customer');
    const filter = encodeURIComponent(JSON.stringify({ projectUnitType: 'project' }));
    const projects = (await (await page.request.get(`/api/data/planxchange/projects?filter=${filter}&range=[0,99]`)).json()) as { id: number; title: string }[];
    const root = projects.find((project) => project.title === 'Wohnpark Weserblick')!.id;

    // From the details page to the structure page.
    await page.goto(`/home/app/project/details/${root}`);
    await page.getByTestId('open-structure').click();
    await page.waitForURL(`**/home/app/project/structure/${root}`);
    await page.getByTestId('structure-title').getByText('Project structure – ').waitFor();
    await subproject(page, 'Haus A').waitFor();
    // The subproject and its two lots exist already: marked, not renamed or deleted here.
    expect(await subproject(page, 'Haus A').getByTestId('existing-chip').count()).toBe(3);
    expect(await saveButton(page).isDisabled()).toBe(true);

    // A new subproject holds only its placeholder: a message, and Save stays disabled.
    await typeAndAdd(page, page.getByTestId('add-subproject'), 'Haus E');
    const hausE = subproject(page, 'Haus E');
    await hausE.getByText('Name the first approval lot of "Haus E" before saving.').waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);

    // Two lots of the same name in a subproject.
    await typeAndAdd(page, hausE.getByTestId('add-lot'), 'Erdgeschoss E');
    await typeAndAdd(page, hausE.getByTestId('add-lot'), 'Erdgeschoss E');
    await hausE.getByText('This subproject already has an approval lot named "Erdgeschoss E".').waitFor();
    await hausE.getByTestId('lot-name').nth(1).fill('Obergeschoss E');

    // A material row: volume 0 is refused, and so is a date before the earliest delivery date.
    const lotE = hausE.getByTestId('approval-lot').first();
    await lotE.getByTestId('add-material').click();
    const rowE = lotE.getByTestId('material-row').first();
    await volumeInput(rowE).fill('0');
    await rowE.getByText('Enter a volume greater than 0 m³.').waitFor();
    const earliest = (await dateInput(rowE).getAttribute('data-min'))!;
    const dayBefore = new Date(Date.parse(`${earliest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await fillCalendarDay(dateInput(rowE), dayBefore);
    await rowE.getByText(/^The earliest possible delivery date is /).waitFor();

    // A second subproject of the same name.
    await typeAndAdd(page, page.getByTestId('add-subproject'), 'Haus E');
    await page.getByText('A subproject named "Haus E" already exists.').first().waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/01-errors.png`, fullPage: true });
    // Finishing now names the duplicates in an information dialog.
    await page.getByTestId('finish-structure').click();
    const duplicates = page.getByTestId('duplicate-names-dialog');
    await duplicates.getByText('• Haus E').waitFor();
    await duplicates.getByRole('button', { name: 'Ok' }).click();
    await duplicates.waitFor({ state: 'detached' });

    // Fix them one by one.
    await fillRow(rowE, '120');
    await hausE.getByTestId('approval-lot').nth(1).getByTestId('add-material').click();
    await fillRow(hausE.getByTestId('approval-lot').nth(1).getByTestId('material-row').first(), '80');
    await page.getByTestId('subproject-name').nth(2).fill('Haus F');
    const hausF = subproject(page, 'Haus F');
    await typeAndAdd(page, hausF.getByTestId('add-lot'), 'Erdgeschoss F');
    const lotF = hausF.getByTestId('approval-lot').first();
    await lotF.getByTestId('add-material').click();
    await lotF.getByTestId('add-material').click();
    await fillRow(lotF.getByTestId('material-row').nth(0), '200');
    await fillRow(lotF.getByTestId('material-row').nth(1), '200');

    // Over 350 m³: the limit alert, and no saving.
    await hausF.getByTestId('limit-alert').getByText('Limit reached: a subproject may hold at most 350 m³ (now 400 m³).').waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await hausF.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/02-limit-alert.png`, fullPage: true });
    // Finishing with problems but without duplicates: a warning.
    await page.getByTestId('finish-structure').click();
    await page.getByText('Project structure is not valid').waitFor();
    await volumeInput(lotF.getByTestId('material-row').nth(1)).fill('100');
    await hausF.getByTestId('limit-alert').waitFor({ state: 'detached' });
    expect(await page.getByTestId('problem-count').count()).toBe(0);

    // Save, then read it back from the server (this browser's copy removed).
    await saveButton(page).click();
    await page.getByText('The draft has been saved.').waitFor();
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await subproject(page, 'Haus F').waitFor();
    expect(await subproject(page, 'Haus E').count()).toBe(1);
    expect(await page.getByTestId('draft-status').textContent()).toContain('Draft saved');
    expect(await volumeInput(subproject(page, 'Haus F').getByTestId('material-row').nth(1)).inputValue()).toBe('100');

    // Create the structure from the project's IFC model: new entries are replaced, existing units stay.
    await page.getByTestId('ifc-import').click();
    await page.getByRole('menuitem', { name: /Wohnpark-Weserblick\.ifc/ }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Create the structure from Wohnpark-Weserblick.ifc?').waitFor();
    await confirm.getByRole('button', { name: 'Create structure' }).click();
    await subproject(page, 'Haus C').waitFor();
    expect(await subproject(page, 'Haus E').count()).toBe(0);
    expect(await subproject(page, 'Haus F').count()).toBe(0);
    const lotNames = async (name: string) => subproject(page, name).getByTestId('lot-name').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    // The model's Haus A is the existing subproject: its lots join the existing ones.
    expect(await lotNames('Haus A')).toEqual(['Erdgeschoss', 'Obergeschoss', 'Bauabschnitt A1', 'Bauabschnitt A2']);
    expect(await lotNames('Haus C')).toEqual(['Erdgeschoss', 'Obergeschoss']);
    // Each imported lot has a material row whose volume comes from the model's walls (0 where the model has no
    // quantities) and whose date is the earliest allowed day (issue #29); the customer confirms or corrects.
    await volumeInput(subproject(page, 'Haus C').getByTestId('approval-lot').first().getByTestId('material-row').first()).waitFor();
    await page.screenshot({ path: `${SHOTS}/03-after-ifc-import.png`, fullPage: true });

    for (const [panel, lots] of [
      [subproject(page, 'Haus A'), [2, 3]],
      [subproject(page, 'Haus C'), [0, 1]],
    ] as const) {
      for (const index of lots) await fillRow(panel.getByTestId('approval-lot').nth(index).getByTestId('material-row').first(), '30');
    }
    await page.getByTestId('problem-count').waitFor({ state: 'detached' });

    // Finish structuring: confirm, the units are created, the project moves on.
    await page.getByTestId('finish-structure').click();
    const finish = page.getByRole('dialog');
    await finish.getByText(/are created in "Wohnpark Weserblick"/).waitFor();
    await finish.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`**/home/app/project/details/${root}`);
    await page.getByTestId('unit-state').getByText(/Pending validation/).waitFor();
    await page.getByText('Haus C').first().waitFor();
    expect(await page.getByTestId('open-structure').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/04-details-after-finish.png`, fullPage: true });

    // The materials are the project's delivery data now.
    const delivery = (await (await page.request.get(`/api/delivery-data/${root}`)).json()) as { subProjects: { subProjectTitle: string; approvalLots: { approvalLotTitle: string; materials: { volume: number }[] }[] }[] };
    const hausC = delivery.subProjects.find((subProject) => subProject.subProjectTitle === 'Haus C');
    expect(hausC?.approvalLots.map((lot) => [lot.approvalLotTitle, lot.materials.map((material) => material.volume)])).toEqual([
      ['Erdgeschoss', [30]],
      ['Obergeschoss', [30]],
    ]);
    const deliveryDates = page.getByTestId('delivery-dates-button');
    if (await deliveryDates.count()) {
      await deliveryDates.click();
      const dialog = page.getByTestId('delivery-data-dialog');
      await dialog.getByText('Bauabschnitt A1').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/05-delivery-data.png` });
    }
  });
});
