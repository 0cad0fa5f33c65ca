import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCalendarDay, launchBrowser, login, newContext, sharedBaseURL, unitsByTitle } from './browser';

// Issue 20: what the API refuses, the screen explains in place (journeys on the shared server: no demo state changes).
// The access-denied page's "at once" is timed: rules-explained.e2e.ts, in the timed group.
const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

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
    await fillCalendarDay(dialog.getByTestId('unit-delivery-date'), '2020-01-01');
    // The earliest day as the user's language writes dates (en: "Nov 25, 2026").
    await dialog.getByText(/The planned delivery date cannot be before \w{3} \d{1,2}, \d{4}/).waitFor();
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

describe('screens that explain instead of staying empty or silent', () => {
  it('IFC list without DownloadSelectedFiles, viewer without walls, volume messages, questionnaire Save', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const units = await unitsByTitle(page);

    // "Create structure from IFC file" lists the project's IFC files even when the zip download's tree is refused
    // (DownloadSelectedFiles off): the list has its own route.
    const weserblick = units['Wohnpark Weserblick'];
    await page.route('**/api/file/projectFiles/**', (route) => route.fulfill({ status: 403, json: { status: 403, messages: [{ type: 'error', key: 'FILES.Rules.DownloadSelectedOff', text: 'off' }] } }));
    await page.goto(`/home/app/project/structure/${weserblick.id}`);
    await page.getByTestId('ifc-import').click();
    await page.getByRole('menuitem', { name: /Wohnpark-Weserblick\.ifc/ }).waitFor();
    expect(await page.getByText('No IFC file', { exact: false }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.unroute('**/api/file/projectFiles/**');

    // A model whose storeys hold no walls says so instead of an empty canvas.
    const school = units['Schule am Stadtpark'];
    const lot = units['Bauabschnitt 1'];
    await page.route(/\/api\/view\/\d+\/\d+\.json/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.status === 'ready') body.model.children = body.model.children.map((floor: object) => ({ ...floor, children: [] }));
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/home/app/viewer/${school.id}/${lot.id}/view`);
    await page.getByText('has storeys but no walls in them: there is nothing to show in 3D.', { exact: false }).waitFor({ timeout: 60_000 });
    await page.unroute(/\/api\/view\/\d+\/\d+\.json/);

    // Delivery data: −1 says "0 m³ or more", and 0 is accepted (nothing is saved here).
    await page.goto(`/home/app/project/details/${school.id}`);
    await page.getByTestId('delivery-dates-button').click();
    const dialog = page.getByTestId('delivery-data-dialog');
    const volume = dialog.getByTestId('material-volume-0').first();
    await volume.fill('-1');
    await dialog.getByText('Enter a volume of 0 m³ or more.').first().waitFor();
    await volume.fill('0');
    await expect.poll(() => dialog.getByText('Enter a volume of 0 m³ or more.').count()).toBe(0);
    expect(await dialog.getByText(/greater than 0/).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The information sheet: nothing changed, nothing to save.
    const maaskade = units['Appartementen Maaskade'];
    await page.goto(`/home/app/project/questionnaire/${maaskade.id}`);
    await page.getByTestId('questionnaire-save').waitFor();
    expect(await page.getByTestId('questionnaire-save').isDisabled()).toBe(true);
    await context.close();
  });
});
