import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readZip } from '../api/zip-reader';
import { launchBrowser, login, newContext, sharedBaseURL, unitsByTitle } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openActions(page: Page) {
  await page.getByTestId('unit-actions').click();
}

async function createUnit(page: Page, type: string, title: string) {
  await openActions(page);
  await page.getByRole('menuitem', { name: 'New unit' }).click();
  const dialog = page.getByRole('dialog');
  if (await dialog.getByTestId(`type-tile-${type}`).count()) await dialog.getByTestId(`type-tile-${type}`).click();
  await dialog.getByLabel('Title').fill(title);
  return dialog;
}

describe('project units as customer (reviewer of Wohnpark Weserblick, Structuring)', () => {
  it('creates a subproject and an approval lot, is refused a duplicate, edits, deletes, edits the site address', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    await page.getByTestId('current-projects').getByText('Wohnpark Weserblick').click();
    await page.waitForURL(/\/home\/app\/project\/details\/\d+$/);
    await page.getByRole('banner').getByText(/NS-DE-\d{4}-0001 \| Wohnpark Weserblick/).waitFor();
    expect(await page.title()).toMatch(/NS-DE-\d{4}-0001 \| Wohnpark Weserblick/);

    // A subproject from the new-unit tile; success leads to the new unit's page.
    await page.getByTestId('new-unit-tile').click();
    await page.getByRole('dialog', { name: 'What would you like to create?' }).getByTestId('type-tile-subproject').click();
    let dialog = page.getByRole('dialog', { name: 'New Subproject' });
    await dialog.getByLabel('Title').fill('Haus C');
    await dialog.getByTestId('create-unit-save').click();
    await page.waitForURL(/\/details\/\d+\/\d+$/);
    await page.getByRole('banner').getByText(/\| Haus C/).waitFor();

    // An approval lot inside it.
    dialog = await createUnit(page, 'approvallot', 'Keller');
    await dialog.getByTestId('create-unit-save').click();
    await page.getByRole('banner').getByText(/\| Keller/).waitFor();
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: /Haus C/ }).click();
    await page.getByTestId('unit-tile').filter({ hasText: 'Keller' }).waitFor();

    // The same title again: the check after 300 ms marks it, and the server refuses it too.
    dialog = await createUnit(page, 'approvallot', 'keller');
    await dialog.getByText('This title is already used here.').waitFor();
    expect(await dialog.getByTestId('create-unit-save').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: the hero banner names the unit; only the changed field is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/projects/')) sent.push(request.postData() ?? '');
    });
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit "Haus C"' });
    await edit.getByLabel('Notes').fill('Mit Carport');
    await edit.getByTestId('edit-unit-save').click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Mit Carport').waitFor();
    expect(Object.keys(JSON.parse(sent[0])).sort()).toEqual(['notes', 'version']);

    // A conflict: someone else changes the unit while the dialog is open. The save is refused with a message, the
    // dialog closes and the page shows their notes; nothing of theirs is overwritten.
    const unitUrl = `/api/data/planxchange/projects/${page.url().split('/').pop()}`;
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const stale = page.getByRole('dialog', { name: 'Edit "Haus C"' });
    const loaded = await (await page.request.get(unitUrl)).json();
    expect((await page.request.put(unitUrl, { data: { notes: 'Mit Doppelgarage', version: loaded.version } })).status()).toBe(200);
    // The page follows the change live: the open dialog says so and keeps the version it started from.
    await stale.getByTestId('edit-unit-changed-meanwhile').waitFor();
    await stale.getByLabel('Notes').fill('Mit Fahrradkeller');
    await stale.getByTestId('edit-unit-save').click();
    await page.getByText('Someone else changed this in the meantime.', { exact: false }).first().waitFor();
    await stale.waitFor({ state: 'detached' });
    await page.getByText('Mit Doppelgarage').waitFor();
    await page.screenshot({ path: 'test-results/unit-edit-conflict.png' });
    expect((await (await page.request.get(unitUrl)).json()).notes).toBe('Mit Doppelgarage');

    // Delete the subproject (with its lot) after confirming; back to the root.
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Subproject?' });
    await confirm.getByText('Do you really want to delete the Subproject "Haus C"').waitFor();
    await confirm.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(/\/details\/\d+$/);
    await page.getByTestId('unit-tile').first().waitFor();
    expect(await page.getByTestId('unit-tile').filter({ hasText: 'Haus C' }).count()).toBe(0);

    // The site address through the project tools (ProjectTools is on).
    await page.getByRole('button', { name: 'Project tools' }).click();
    await page.getByRole('menuitem', { name: 'Edit site address' }).click();
    const site = page.getByRole('dialog', { name: 'Edit site address' });
    await site.getByLabel('Street').fill('Weserpromenade 14');
    await site.getByRole('button', { name: 'Save' }).click();
    await site.waitFor({ state: 'detached' });
    await page.getByTestId('site-address-card').getByText('Weserpromenade 14').waitFor();
    await page.screenshot({ path: 'test-results/project-details.png', fullPage: true });

    // The same dialog after someone else saved the address meanwhile: refused, closed, their address shown.
    const root = await (await page.request.get(`/api/data/planxchange/projects/${page.url().split('/').pop()}`)).json();
    const addressUrl = `/api/data/planxchange/addresses/${root.siteAddressID}`;
    await page.getByRole('button', { name: 'Project tools' }).click();
    await page.getByRole('menuitem', { name: 'Edit site address' }).click();
    const staleSite = page.getByRole('dialog', { name: 'Edit site address' });
    const address = await (await page.request.get(addressUrl)).json();
    const { id: _id, addressID: _addressID, zIP: _zIP, ...fields } = address;
    expect((await page.request.put(addressUrl, { data: { ...fields, name: 'Baufeld Weserblick' } })).status()).toBe(200);
    await staleSite.getByLabel('Street').fill('Weserpromenade 16');
    await staleSite.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Someone else changed this in the meantime.', { exact: false }).first().waitFor();
    await staleSite.waitFor({ state: 'detached' });
    await page.getByTestId('site-address-card').getByText('Baufeld Weserblick').waitFor();
    expect(await page.getByTestId('site-address-card').getByText('Weserpromenade 14').count()).toBe(1);

    // Download two files as a zip: the test unzips it and checks names and bytes.
    await page.getByTestId('project-files-download').click();
    const dialog2 = page.getByRole('dialog', { name: 'Download files' });
    await dialog2.getByLabel('Baubeschreibung.pdf').check();
    await dialog2.getByLabel('Grundriss-EG-Haus-A.pdf').check();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog2.getByTestId('download-files-submit').click()]);
    const entries = readZip(readFileSync((await download.path())!));
    const names = entries.map((entry) => entry.name).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/Wohnpark Weserblick\/Baubeschreibung\.pdf$/);
    expect(names[1]).toMatch(/Wohnpark Weserblick\/Haus A\/Grundriss-EG-Haus-A\.pdf$/);
    // The bytes are the stored files' bytes.
    const rootId = page.url().split('/').pop();
    const files = (await (await page.request.get(`/api/file/${rootId}/${rootId}`)).json()) as { projectFileID: number; name: string }[];
    const stored = files.find((file) => file.name === 'Baubeschreibung.pdf')!;
    const original = await (await page.request.get(`/api/file/${rootId}/${rootId}/${stored.projectFileID}/content`)).body();
    expect(entries.find((entry) => entry.name.endsWith('Baubeschreibung.pdf'))!.data.equals(original)).toBe(true);
    expect(entries.every((entry) => entry.data.subarray(0, 5).toString() === '%PDF-')).toBe(true);

    // A member's profile from the members card.
    await page.getByTestId('members-card').getByText('Stefan Planer').click();
    await page.waitForURL(/\/home\/app\/project\/memberprofile\/\d+\/\d+$/);
    await page.getByText('staff@nordstein.example').waitFor();
    await context.close();
  });

  it('follows the rules on a project in another state, and a project of which the customer is no member is 404', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const staffContext = await newContext(browser, baseURL);
    const staffPage = await staffContext.newPage();
    await login(staffPage, 'staff');
    const me = await (await staffPage.request.get('/api/auth/me')).json();
    await staffPage.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } });
    const units = await unitsByTitle(staffPage);

    // Schule am Stadtpark is in progress: no approval lot can be added, the lot cannot be deleted.
    const sub = units['Neubau Klassentrakt'];
    await page.goto(`/home/app/project/details/${sub.rootProjectUnitID}/${sub.id}`);
    await openActions(page);
    await page.getByRole('menuitem', { name: 'New unit' }).click();
    expect(await page.getByRole('dialog').getByTestId('type-tile-approvallot').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    const lot = units['Bauabschnitt 1'];
    await page.goto(`/home/app/project/details/${lot.rootProjectUnitID}/${lot.id}`);
    await page.getByTestId('unit-state').waitFor();
    // Delete is offered and explains why not (issue 20: no silently missing action).
    await openActions(page);
    expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('This unit can only be deleted while the project is being structured.').waitFor();
    await page.keyboard.press('Escape');
    const refused = await page.request.delete(`/api/data/planxchange/projects/${lot.id}`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).messages[0].text).toBe('This unit can only be deleted while the project is being structured.');

    // Not a member: 404 by URL and by API.
    const foreign = units['Gewerbehof Nord'];
    await page.goto(`/home/app/project/details/${foreign.id}`);
    await page.getByTestId('unit-not-found').waitFor();
    expect((await page.request.get(`/api/data/planxchange/projects/${foreign.id}`)).status()).toBe(404);

    // The sales planner may create and delete there.
    await staffPage.goto(`/home/app/project/details/${sub.rootProjectUnitID}/${sub.id}`);
    const created = await createUnit(staffPage, 'approvallot', 'Bauabschnitt 3');
    await created.getByTestId('create-unit-save').click();
    await staffPage.getByRole('banner').getByText(/\| Bauabschnitt 3/).waitFor();
    await openActions(staffPage);
    await staffPage.getByRole('menuitem', { name: 'Delete' }).click();
    await staffPage.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await staffPage.waitForURL(new RegExp(`/details/${sub.rootProjectUnitID}/${sub.id}$`));
    await staffContext.close();
    await context.close();
  });
});
