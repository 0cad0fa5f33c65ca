import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
const NEW_PASSWORD = 'Bouw-Nina-27';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openUsers(page: Page) {
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.waitForURL('**/home/app/admin/users');
  await page.getByRole('columnheader', { name: 'Login name' }).waitFor();
}

async function chooseOptions(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('users as admin', () => {
  it('creates a user; the invitation in the outbox leads to a password and a login', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await openUsers(page);
    await page.getByRole('row').filter({ hasText: 'partner@bauunternehmen.example' }).getByText('External login').waitFor();

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/home/app/admin/users/create');
    await page.getByRole('textbox', { name: 'Login name' }).fill('nina e2e');
    await page.getByText('Use letters, digits and . _ @ + - only (no spaces).').waitFor();
    await page.getByRole('textbox', { name: 'Login name' }).fill('nina.e2e');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('nina.e2e@bouw.example');
    await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Nieuw');
    // Tenants come from admin/tenants (by name), or by id while that resource does not answer.
    await chooseOptions(page, 'Tenants', /^(Calcon Bouwsystemen|#2)$/);
    await chooseOptions(page, 'Sales organisations', /^CB-NL/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/home\/app\/admin\/users\/\d+$/);
    await page.getByRole('button', { name: 'Send invitation again' }).waitFor();

    // The admin reads the outbox through the API; the mail holds the link.
    const filter = encodeURIComponent(JSON.stringify({ kind: 'invitation', recipient: 'nina.e2e@bouw.example' }));
    const outbox = await (await page.request.get(`/api/data/planxchange/mails?filter=${filter}`)).json();
    expect(outbox).toHaveLength(1);
    const link = /(https?:\/\/\S+\/account\/set-password\?token=[\w-]+)/.exec(outbox[0].body)?.[1];
    expect(link).toBeTruthy();

    const invited = await (await newContext(browser, baseURL)).newPage();
    await invited.goto(new URL(link!).pathname + new URL(link!).search);
    await invited.getByRole('heading', { name: 'Set your password' }).waitFor();
    await invited.getByLabel('New password').fill('abc');
    await invited.getByText(/The password needs at least 6 characters/).waitFor();
    expect(await invited.getByTestId('set-password-submit').isDisabled()).toBe(true);
    await invited.getByLabel('New password').fill(NEW_PASSWORD);
    await invited.getByLabel('Repeat password').fill(NEW_PASSWORD);
    await invited.getByTestId('set-password-submit').click();
    await invited.getByText('Your password is set. You can log in now.').waitFor();
    await invited.getByRole('link', { name: 'To the login page' }).click();
    await invited.waitForURL('**/home/app/login');
    await login(invited, 'nina.e2e', NEW_PASSWORD);
    expect((await (await invited.request.get('/api/auth/me')).json()).login).toBe('nina.e2e');
    await invited.screenshot({ path: 'test-results/invited-user-dashboard.png' });

    // The link worked once (a fresh browser: the new user's German profile language is remembered in the first).
    const again = await (await newContext(browser, baseURL)).newPage();
    await again.goto(new URL(link!).pathname + new URL(link!).search);
    await again.getByLabel('New password').fill(NEW_PASSWORD);
    await again.getByLabel('Repeat password').fill(NEW_PASSWORD);
    await again.getByTestId('set-password-submit').click();
    await again.getByText(/This link is invalid, already used or expired/).waitFor();
    await again.context().close();
    await invited.context().close();

    // The list finds the new user by text and shows the state; CSV export holds it.
    await openUsers(page);
    await page.getByPlaceholder('Search').fill('Nieuw');
    const row = page.getByRole('row').filter({ hasText: 'nina.e2e' });
    await row.locator('[data-state="active"]').waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Login name,E-mail,First name');
    expect(csv).toContain('nina.e2e');
    await context.close();
  });

  it('deactivating a user ends their open session in another browser at once; activating lets them back', async () => {
    const drafterContext = await newContext(browser, baseURL);
    const drafter = await drafterContext.newPage();
    await login(drafter, 'drafter');
    expect((await drafter.request.get('/api/auth/me')).status()).toBe(200);

    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await openUsers(page);
    await page.getByPlaceholder('Search').fill('drafter');
    const row = page.getByRole('row').filter({ hasText: 'drafter@nordstein.example' });
    await row.locator('[data-state="active"]').waitFor();
    await page.getByRole('row').filter({ hasText: 'staff@' }).waitFor({ state: 'detached' });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate user?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('User deactivated').waitFor();
    await row.locator('[data-state="inactive"]').waitFor();

    // The drafter's next call is refused; their page goes to the login.
    expect((await drafter.request.get('/api/auth/me')).status()).toBe(401);
    await drafter.reload();
    await drafter.waitForURL('**/home/app/login');

    // Activate again from the edit page; the admin's own account cannot be deactivated there.
    await row.getByRole('cell', { name: 'drafter', exact: true }).click();
    await page.waitForURL(/\/home\/app\/admin\/users\/\d+$/);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('User activated').waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).waitFor();
    await login(drafter, 'drafter');

    const me = await (await page.request.get('/api/auth/me')).json();
    await page.goto(`/home/app/admin/users/${me.id}`);
    expect(await page.getByRole('button', { name: 'Deactivate' }).isDisabled()).toBe(true);
    await page.getByText('This is your own account').waitFor();
    await page.screenshot({ path: 'test-results/admin-own-account.png' });
    await context.close();
    await drafterContext.close();
  });
});
