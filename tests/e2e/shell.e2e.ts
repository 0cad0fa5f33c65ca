import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the portal shell', () => {
  it('sends a visitor to the login page, and the empty and unknown paths to the dashboard', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/home/app/login');
    await login(page, 'staff');
    for (const path of ['/', '/no/such/page', '/home/app/nothing-here']) {
      await page.goto(path);
      await page.waitForURL('**/home/app/dash');
    }
    // Staff without the admin role get the staff layout, but no Administration.
    await page.getByRole('menuitem', { name: /Dashboard/ }).waitFor();
    expect(await page.getByText('Administration').count()).toBe(0);
    await context.close();
  });

  it('offers imprint, privacy policy and the manual in the current language (de for en)', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.getByRole('button', { name: 'Help' }).click();
    const manual = page.getByRole('menuitem', { name: 'Manual (PDF)' });
    expect(await manual.getAttribute('href')).toBe('/manuals/manual_for_reviewer_de.pdf');
    const pdf = await page.request.get('/manuals/manual_for_reviewer_de.pdf');
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('menuitem', { name: 'Imprint' }).click();
    const imprint = page.getByRole('dialog', { name: 'Imprint' });
    await imprint.getByText(/Portal Operations GmbH/).waitFor();
    await imprint.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Privacy policy' }).click();
    await page.getByRole('dialog', { name: 'Privacy policy' }).getByText(/GDPR/).waitFor();
    await context.close();
  });

  it('applies the profile language at login, switches it from the profile and keeps it after reload and login', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    // The profile journey may rename Kees on the shared server meanwhile: the greeting names the customer either way.
    await page.getByRole('heading', { name: /^Welcome, (Kees|Cornelis) Klant$/ }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByTestId('menu-login-name').innerText()).toBe('customer');
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await page.waitForURL('**/home/app/profile');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'German' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Einstellungen', { exact: true }).waitFor();
    await page.getByText('Ihre Einstellungen wurden gespeichert').waitFor();
    await page.reload();
    await page.getByText('Persönliche Daten').waitFor();

    // Log out with the sign-out link, log in again: still German (from the profile, not the browser).
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/home/app/login');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    const fresh = await newContext(browser, baseURL, 'en-US');
    const second = await fresh.newPage();
    await login(second, 'customer');
    await second.getByRole('heading', { name: /^Willkommen, (Kees|Cornelis) Klant$/ }).waitFor();
    await second.screenshot({ path: 'test-results/customer-german.png' });

    // Back to English for the other journeys.
    const me = await (await second.request.get('/api/auth/me')).json();
    const reset = await second.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } });
    expect(reset.status()).toBe(200);
    await fresh.close();
    await context.close();
  });

  it('shows a wrong password on the login page and no session is made', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/home/app/login');
    await page.locator('input[name="username"]').fill('customer');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Login name or password is wrong.').waitFor();
    expect(page.url()).toContain('/home/app/login');
    await context.close();
  });

  it('slows down repeated wrong logins and says on the login page when to try again', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/home/app/login');
    // A login name no other journey uses: unknown names are counted like known ones.
    await page.locator('input[name="username"]').fill('e2e-guesser');
    // Five are free, then the waits double from 1 s: a slow machine may outwait the first ones.
    let status = 0;
    for (let i = 0; i < 15 && status !== 429; i++) {
      await page.locator('input[name="password"]').fill(`guess-${i}`);
      const answer = page.waitForResponse('**/api/auth/login');
      await page.locator('button[type="submit"]').click();
      status = (await answer).status();
    }
    expect(status).toBe(429);
    await page.getByText(/^Too many failed logins\. Please try again in \d+ seconds?\.$/).waitFor();
    await page.screenshot({ path: 'test-results/login-too-many-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/login-too-many-390.png' });
    await context.close();
  });

  it('a sign-out link on a foreign page signs nobody out; the user menu does', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'admin');
    await page.goto(`data:text/html,<a id="out" href="${baseURL}/Account/SignOut">Win a prize</a>`);
    await page.locator('#out').click();
    await page.waitForURL('**/home/app/dash');
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/home/app/login');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await context.close();
  });
});
