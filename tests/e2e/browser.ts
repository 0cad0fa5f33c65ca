import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Portal-Demo-1';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string, locale = 'en-US'): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale, timezoneId: 'Europe/Berlin', viewport: { width: 1366, height: 860 } });
}

/** Demo users whose identity is managed elsewhere: they sign in through the demo identity provider. */
export const EXTERNAL_LOGINS = new Set(['partner']);

/** Signs in at the demo identity provider's page (reached through "Sign in with Demo-ID"). */
export async function signInAtProvider(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL('**/demo-idp/interaction/**');
  await page.locator('#login').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Logs in through the login page (external logins through the identity provider) and waits for the dashboard. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/home/app/login');
  if (EXTERNAL_LOGINS.has(username)) {
    await page.getByTestId('sso-sign-in').click();
    await signInAtProvider(page, username, password);
    await page.waitForURL('**/home/app/dash');
    return;
  }
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/home/app/dash');
}
