// The largest demo questionnaire sheet in Chromium: time from a keystroke in one of its text controls to the next
// painted frame, against the 50 ms target (issue #9). Part of `npm run bench`; alone:
// `npx tsx tests/bench/questionnaire-keystroke.ts`. Builds the app into a temporary folder (or uses BENCH_APP_DIR),
// starts the server on a fresh demo database and opens Wohnpark Weserblick's information sheet as the customer.
import type { Page } from 'playwright-core';
import { walkControls, type SheetVersion } from '../../src/domain/questionnaire/index.js';
import { login, newContext } from '../e2e/browser.js';
import { inChromium, median, runWhenMain } from './chromium-app.js';

const TARGET_MS = 50;
const KEYSTROKES = 20;
const PROJECT = 'Wohnpark Weserblick';

async function largestSheet(page: Page): Promise<{ rootId: number; sheet: SheetVersion; controls: number }> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}&range=[0,99]`)).json()) as { id: number; title: string }[];
  const rootId = roots.find((unit) => unit.title === PROJECT)?.id;
  if (!rootId) throw new Error(`demo project "${PROJECT}" not found`);
  const { sheets } = (await (await page.request.get(`/api/questionnaire/${rootId}`)).json()) as { sheets: SheetVersion[] };
  const [sheet] = [...sheets].sort((a, b) => walkControls(b.schema).length - walkControls(a.schema).length);
  return { rootId, sheet, controls: walkControls(sheet.schema).length };
}

/** Opens the sheet's tab and measures the click → all of its sections painted. */
async function openSheet(page: Page, rootId: number, sheet: string): Promise<number> {
  await page.goto(`/home/app/project/questionnaire/${rootId}`);
  const tab = page.getByTestId(`questionnaire-tab-${sheet}`);
  await tab.waitFor();
  await page.evaluate(() => {
    const state = window as unknown as { __clickAt?: number; __paintedAt?: number };
    document.addEventListener('click', (event) => (state.__clickAt = event.timeStamp), { capture: true, once: true });
  });
  await tab.click();
  await page.locator('[data-testid="questionnaire-section"]').last().waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((done) =>
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - (window as unknown as { __clickAt: number }).__clickAt))),
      ),
  );
}

/** The sheet's last enabled text input: keystroke (keydown) → the frame after React rendered the input, per key. */
async function measureKeystrokes(page: Page): Promise<number[]> {
  const field = page.getByTestId('questionnaire-form').locator('input[type="text"]:not([disabled]):not([readonly])').last();
  await field.scrollIntoViewIfNeeded();
  await field.focus();
  const times: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.evaluate(() => {
      const state = window as unknown as { __keyAt?: number; __paintedAt?: number };
      state.__keyAt = undefined;
      state.__paintedAt = undefined;
      document.addEventListener('keydown', (event) => (state.__keyAt = event.timeStamp), { capture: true, once: true });
      // React renders the controlled input during the input event; the frame after it is the one the user sees.
      document.addEventListener('input', () => requestAnimationFrame(() => setTimeout(() => (state.__paintedAt = performance.now()))), { capture: false, once: true });
    });
    await page.keyboard.press(i % 5 === 4 ? 'Backspace' : 'abcd'[i % 5]);
    await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined);
    times.push(await page.evaluate(() => {
      const state = window as unknown as { __keyAt: number; __paintedAt: number };
      return state.__paintedAt - state.__keyAt;
    }));
  }
  return times;
}

export async function questionnaireKeystrokeBenchmark(): Promise<void> {
  await inChromium('Questionnaire keystroke', async (browser, base) => {
    const page = await (await newContext(browser, base)).newPage();
    await login(page, 'customer');
    const { rootId, sheet, controls } = await largestSheet(page);
    const open = await openSheet(page, rootId, sheet.name);
    const keys = await measureKeystrokes(page);
    const key = median(keys);
    console.log(`\nQuestionnaire in Chromium: sheet ${sheet.name} v${sheet.version} with ${controls} controls (${PROJECT}), target ${TARGET_MS} ms`);
    console.log(`  open the sheet's tab → painted                   ${open.toFixed(0).padStart(6)} ms`);
    console.log(`  keystroke in a text control → next paint          ${key.toFixed(0).padStart(6)} ms median, max ${Math.max(...keys).toFixed(0)} ms over ${KEYSTROKES} keys; target ${key <= TARGET_MS ? 'met' : 'NOT met'}`);
    console.log(`  (${keys.map((value) => value.toFixed(0)).join(", ")} ms)`);
  });
}

runWhenMain(import.meta.url, questionnaireKeystrokeBenchmark);
