import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext } from './browser';
import { startIsolatedServer } from './isolated-server';

// Reads demo state other journeys change (seeded tasks, escalations, the outbox, the configurer's account):
// its own server with a fresh demo database.
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

describe('administration: mail outbox and project features', () => {
  it('the admin reads a mail in the outbox', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.waitForURL('**/home/app/admin/mails');
    await page.getByRole('cell', { name: 'Welcome to planXchange' }).click();
    await page.waitForURL(/\/home\/app\/admin\/mails\/\d+\/show$/);
    await page.getByText(/your planXchange account "customer" is ready/).waitFor();
    await page.getByText('Queued', { exact: true }).waitFor();
    await context.close();
  });

  it('switching off ProjectTools for a project removes the tools menu for its members', async () => {
    const adminContext = await newContext(browser, baseURL);
    const admin = await adminContext.newPage();
    await login(admin, 'admin');
    await admin.getByRole('menuitem', { name: 'Project features' }).click();
    await admin.getByRole('cell', { name: 'Wohnpark Weserblick' }).click();
    await admin.waitForURL(/\/home\/app\/admin\/projectfeatures\/\d+$/);
    const rootId = admin.url().split('/').pop();
    await admin.getByLabel('Project tools menu').uncheck();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL('**/home/app/admin/projectfeatures');

    const customerContext = await newContext(browser, baseURL);
    const customer = await customerContext.newPage();
    await login(customer, 'customer');
    await customer.goto(`/home/app/project/details/${rootId}`);
    await customer.getByTestId('site-address-card').waitFor();
    expect(await customer.getByRole('button', { name: 'Project tools' }).count()).toBe(0);
    // Without the tools menu the site cards have their own Edit buttons.
    await customer.getByTestId('site-address-card').getByRole('button', { name: 'Edit' }).waitFor();

    // Restore the demo state.
    await admin.goto(`/home/app/admin/projectfeatures/${rootId}`);
    await admin.getByLabel('Project tools menu').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL('**/home/app/admin/projectfeatures');
    await customerContext.close();
    await adminContext.close();
  });
});
