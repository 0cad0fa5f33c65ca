import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, newContext, sharedBaseURL, signInAtProvider } from './browser';

// The shared server runs with the demo seed, so it mounts the demo identity provider (a real oidc-provider)
// under /demo-idp and signs external logins in through it.
const baseURL = sharedBaseURL();
const SHOTS = `${process.env.E2E_SHOTS_DIR ?? 'test-results'}/sso`;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function freshPage(width = 1440): Promise<Page> {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
  return page;
}

describe('single sign-on for external logins', () => {
  it('offers "Sign in with Demo-ID" and refuses the password form for partner', async () => {
    const page = await freshPage();
    await page.goto('/home/app/login');
    await page.getByRole('link', { name: 'Sign in with Demo-ID' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/01-login-1440.png` });
    await page.locator('input[name="username"]').fill('partner');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.getByText('This account signs in through Demo-ID, not with a portal password.', { exact: false }).waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.context().close();
  });

  it('signs partner in through the provider, back to the page asked for, and out of both again', async () => {
    const page = await freshPage();
    // A deep link while signed out: the login page, then the provider, then back to the page asked for.
    await page.goto('/home/app/profile');
    await page.waitForURL('**/home/app/login');
    await page.getByTestId('sso-sign-in').click();
    await page.waitForURL('**/demo-idp/interaction/**');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/02-provider-login-1440.png` });
    await signInAtProvider(page, 'partner', 'wrong-password');
    await page.getByRole('alert').getByText('User name or password is wrong.').waitFor();
    await signInAtProvider(page, 'partner');
    await page.waitForURL('**/home/app/profile');
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ login: 'partner', isExternalLogin: true, firstName: 'Paul', lastName: 'Partner' });

    // The same portal session as a password login: the profile shows the external login's rights.
    expect((await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } })).status()).toBe(200);
    await page.reload();
    await page.getByText('Your identity is managed by your company').waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/demo-idp/session/end**');
    await page.getByText('You signed out of planXchange. Sign out of Demo-ID as well?').waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.screenshot({ path: `${SHOTS}/03-provider-logout-1440.png` });
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL('**/home/app/login');

    // The provider's session ended too: signing in again asks for the password again.
    await page.getByTestId('sso-sign-in').click();
    await page.waitForURL('**/demo-idp/interaction/**');
    await page.locator('#password').waitFor();
    await page.context().close();
  });

  it('explains on a page of its own why a person the portal does not know is refused', async () => {
    const page = await freshPage();
    await page.goto('/home/app/login');
    await page.getByTestId('sso-sign-in').click();
    await signInAtProvider(page, 'visitor');
    await page.waitForURL('**/account/sign-in-refused?reason=unknown');
    await page.getByRole('heading', { name: 'Sign-in not possible' }).waitFor();
    await page.getByText('Your account at the login service is not known to this portal.', { exact: false }).waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.screenshot({ path: `${SHOTS}/04-refused-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/05-refused-390.png` });
    await page.getByRole('link', { name: 'Back to the login page' }).click();
    await page.waitForURL('**/home/app/login');
    await page.context().close();
  });

  it('fits a phone: login page and the provider page at 390 px', async () => {
    const page = await freshPage(390);
    await page.goto('/home/app/login');
    await page.getByTestId('sso-sign-in').waitFor();
    await page.screenshot({ path: `${SHOTS}/06-login-390.png` });
    await page.getByTestId('sso-sign-in').click();
    await page.waitForURL('**/demo-idp/interaction/**');
    await page.locator('#login').waitFor();
    await page.screenshot({ path: `${SHOTS}/07-provider-login-390.png` });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
