import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

// Issue 20: what the API refuses, the screen explains in place (journeys on the shared server: no demo state changes).
// The access-denied page comes at once (timed); the rest of the rules explained: rules-explained-pages.e2e.ts.
const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('one guard for every admin route', () => {
  it('a non-admin gets the access-denied page at once on every admin path, without asking the API', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
    });
    for (const path of ['admin/preliminary-days', 'admin/banner-notifications', 'admin/users', 'admin/tenants']) {
      const started = Date.now();
      await page.goto(`/home/app/${path}`);
      // The staff user's language is whatever an earlier journey left on the shared server: the page in any of them.
      await page.getByText(/Access denied|Zugriff verweigert|Toegang geweigerd/).first().waitFor({ timeout: 4000 }).catch(async (error) => {
        throw new Error(`${path}: ${(error as Error).message}\n${(await page.locator('body').innerText()).slice(0, 600)}`);
      });
      expect(Date.now() - started, path).toBeLessThan(4000);
    }
    expect(refused).toEqual([]);
    await context.close();
  });
});
