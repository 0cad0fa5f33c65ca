// The first load, as ratios against a bare react-admin 5 + MUI app built in the same run from
// tests/bench/baseline/ra-app (same package versions): the JavaScript a browser must fetch before the first page
// (entry + static imports, gzip), then in Chromium the dashboard's Largest Contentful Paint and the time from the
// login button to an interactive dashboard. Part of `npm run bench`; alone: `npx tsx tests/bench/first-load.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp } from '../../scripts/build-app.mjs';
import { DEMO_PASSWORD, newContext } from '../e2e/browser.js';
import { builtAppDir, inChromium, median, root, runWhenMain } from './chromium-app.js';
import { initialJsSize } from './initial-js.js';
import { sessionCookie } from '../support/session.js';

const JS_RATIO_TARGET = 1.15;
const LCP_TARGET_MS = 1000;
const RUNS = 5;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** The initial JavaScript of the portal's build against the bare app's. */
export function initialJsRatio() {
  const work = mkdtempSync(join(tmpdir(), 'px-bench-bare-'));
  try {
    buildApp({ config: join(root, 'tests', 'bench', 'baseline', 'ra-app', 'vite.config.ts'), outDir: join(work, 'app'), logLevel: 'error' });
    const bare = initialJsSize(join(work, 'app'));
    const portal = initialJsSize(builtAppDir());
    const ratio = portal.gzip / bare.gzip;
    console.log('\nFirst load: JavaScript before the first page (entry + static imports)');
    console.log(`  bare react-admin app  ${kB(bare.gzip).padStart(7)} gzip  (${bare.files} files, ${kB(bare.raw)} raw)`);
    console.log(`  portal                ${kB(portal.gzip).padStart(7)} gzip  (${portal.files} files, ${kB(portal.raw)} raw)`);
    console.log(`  ratio ${ratio.toFixed(2)} × the bare app — target ≤ ${JS_RATIO_TARGET} ×: ${ratio <= JS_RATIO_TARGET ? 'met' : 'NOT met'}`);
    return ratio;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Largest Contentful Paint of the page just loaded, once it has settled. */
async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolveLcp) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolveLcp(last), 1500);
      }),
  );
}

/** Dashboard LCP (signed in, cold browser cache) and login button → dashboard interactive, medians of RUNS. */
export async function firstLoadInChromium() {
  await inChromium('First load in Chromium', async (browser, base) => {
    const lcps: number[] = [];
    const logins: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await newContext(browser, base);
      const page = await context.newPage();
      await page.goto('/home/app/login');
      await page.locator('input[name="username"]').fill('customer');
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      const clicked = Date.now();
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('current-projects').waitFor();
      // Interactive: the app bar's help menu opens on a click.
      await page.locator('header button[aria-haspopup="menu"]').first().click();
      await page.getByTestId('help-menu-topics').waitFor();
      logins.push(Date.now() - clicked);
      await context.close();

      // A new context shares nothing cached: the dashboard as a signed-in user opens it the first time.
      const cold = await newContext(browser, base);
      const [name, value] = (await sessionCookie(base, 'customer')).split('=');
      await cold.addCookies([{ name, value, url: base }]);
      const dash = await cold.newPage();
      await dash.goto('/home/app/dash');
      await dash.getByTestId('current-projects').waitFor();
      lcps.push(await largestContentfulPaint(dash));
      await cold.close();
    }
    const lcp = median(lcps);
    console.log(`\nDashboard in Chromium (${RUNS} runs, medians): LCP ${lcp.toFixed(0)} ms — target ≤ ${LCP_TARGET_MS} ms: ${lcp <= LCP_TARGET_MS ? 'met' : 'NOT met'}; login → dashboard interactive ${median(logins).toFixed(0)} ms`);
  });
}

runWhenMain(import.meta.url, async () => {
  initialJsRatio();
  await firstLoadInChromium();
});
