import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A datetime-local value a day or so from now, in the browser's local time. */
function localInput(offsetHours: number): string {
  const date = new Date(Date.now() + offsetHours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function chooseOption(page: Page, label: string, option: string, multiple = false) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // A multiple select stays open after a choice; Escape closes only its menu.
  if (multiple) {
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }
}

async function addBanner(page: Page, title: string, level: string) {
  await page.getByRole('link', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add banner notification' });
  await dialog.waitFor();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Text').fill(`${title}: deliveries from Deventer are delayed by one day.`);
  await chooseOption(page, 'Level', level);
  await chooseOption(page, 'Sales organisations', 'CB-NL – Calcon Verkoop Nederland', true);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Banner notification added').waitFor();
}

describe('banner notifications as admin, then as customer', () => {
  it('admin creates one per level, sees validation, edits and deletes after confirming', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.getByRole('menuitem', { name: 'Banner notifications' }).click();
    await page.waitForURL('**/home/app/admin/banner-notifications');
    await page.getByRole('columnheader', { name: 'Sales organisations' }).waitFor();

    // Validation: the dialog opens with defaults, Add stays disabled until the form is valid.
    await page.getByRole('link', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add banner notification' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Show from').inputValue()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    const addButton = dialog.getByRole('button', { name: 'Add' });
    expect(await addButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill('x');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByLabel('Text').click();
    await dialog.getByText('This field must be filled.').first().waitFor();
    await dialog.getByLabel('Show until').fill(localInput(-48));
    await dialog.getByLabel('Title').click();
    await dialog.getByText('The end must be after the start.').waitFor();
    expect(await addButton.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Abort' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addBanner(page, 'E2E info', 'Information');
    await addBanner(page, 'E2E warning', 'Warning');
    await addBanner(page, 'E2E important', 'Important');
    for (const title of ['E2E info', 'E2E warning', 'E2E important']) {
      await page.getByRole('cell', { name: title, exact: true }).waitFor();
    }
    const importantRow = page.getByRole('row').filter({ hasText: 'E2E important' });
    expect(await importantRow.locator('[data-level="important"]').innerText()).toBe('Important');
    expect(await importantRow.getByText('CB-NL').count()).toBe(1);

    // Edit: the dialog holds the record, only the change is sent.
    const sentBodies: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') sentBodies.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Edit: E2E warning' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit banner notification' });
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe('E2E warning');
    await edit.getByLabel('Title').fill('E2E warning (edited)');
    await edit.getByRole('button', { name: 'Edit' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'E2E warning (edited)', exact: true }).waitFor();
    expect(sentBodies.map((body) => JSON.parse(body))).toEqual([{ title: 'E2E warning (edited)' }]);

    // Delete: the confirm names the notification; Abort keeps it, Ok deletes it.
    await page.getByRole('button', { name: 'Delete: E2E info' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete "E2E info"?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('The banner notification "E2E info" will be deleted');
    await confirm.getByRole('button', { name: 'Abort' }).click();
    await page.getByRole('cell', { name: 'E2E info', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete: E2E info' }).click();
    await page.getByRole('dialog', { name: 'Delete "E2E info"?' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('cell', { name: 'E2E info', exact: true }).waitFor({ state: 'detached' });
    await page.screenshot({ path: 'test-results/banner-admin.png' });
    await context.close();
  });

  it('the customer of that sales organisation sees the banners on top, has no Administration, and the API says 403', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const strip = page.getByTestId('banner-strip');
    await strip.getByText('E2E important').waitFor();
    await strip.getByText('E2E warning (edited)').waitFor();
    expect(await strip.getByText('E2E info').count()).toBe(0);
    // Most important first, in its colour.
    const first = strip.getByRole('status').first();
    expect(await first.getAttribute('data-level')).toBe('important');
    expect(await first.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(198, 40, 40)');
    // Closed for this user: gone after a reload and in a new browser session; the others stay.
    await first.getByRole('button', { name: 'Hide this message' }).click();
    await strip.getByText('E2E important').waitFor({ state: 'detached' });
    await page.reload();
    await strip.getByText('E2E warning (edited)').waitFor();
    expect(await strip.getByText('E2E important').count()).toBe(0);
    const later = await (await newContext(browser, baseURL)).newPage();
    await login(later, 'customer');
    await later.getByTestId('banner-strip').getByText('E2E warning (edited)').waitFor();
    expect(await later.getByTestId('banner-strip').getByText('E2E important').count()).toBe(0);
    await later.context().close();

    expect(await page.getByText('Administration').count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Banner notifications' }).count()).toBe(0);
    const api = await page.request.get('/api/data/planxchange/banner-notifications');
    expect(api.status()).toBe(403);
    expect((await api.json()).messages[0].text).toBe('You are not allowed to do this.');
    await page.screenshot({ path: 'test-results/customer-dashboard.png' });
    await context.close();
  });
});
