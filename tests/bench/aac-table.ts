// The AAC order table with 500 rows in Chromium: time to render and time from a keystroke in a quantity cell
// to the updated totals, against the 100 ms target. Part of `npm run bench`; alone: `npx tsx tests/bench/aac-table.ts`.
// Builds the app into a temporary folder (or uses BENCH_APP_DIR), starts the server on a fresh demo database
// and fills the demo lot "Wandelemente Bauabschnitt 1" (customer holds PlaceOrder there) to 500 rows via the API.
import type { Page } from 'playwright-core';
import { login, newContext } from '../e2e/browser.js';
import { inChromium, median, runWhenMain } from './chromium-app.js';

const ROWS = 500;
const TARGET_MS = 100;
const RENDER_RUNS = 3;
const KEYSTROKES = 20;
const LOT_TITLE = 'Wandelemente Bauabschnitt 1';

/** The lot's id and its root, then rows added until it holds ROWS (varied articles, lengths and quantities). */
async function fillLot(page: Page): Promise<{ lotId: number; rootId: number }> {
  type Unit = { id: number; title: string; rootProjectUnitID: number };
  const list = async (filter: object) => (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`)).json()) as Unit[];
  const school = (await list({ parentProjectUnitID: null })).find((unit) => unit.title === 'Schule am Stadtpark');
  const lot = school && (await list({ rootProjectUnitID: school.id })).find((unit) => unit.title === LOT_TITLE);
  if (!lot) throw new Error(`demo lot "${LOT_TITLE}" not found`);
  const order = (await (await page.request.get(`/api/orders/${lot.id}`)).json()) as { items: unknown[]; editable: boolean };
  if (!order.editable) throw new Error('the customer cannot edit the demo lot');
  const rooms = ['Klasse', 'Flur', 'Aula', 'Werkraum', 'Mensa'];
  const create = async (index: number) => {
    const response = await page.request.post(`/api/orders/${lot.id}/items`, {
      data: { itemIndex: index, sublotName: `${rooms[index % rooms.length]} ${Math.ceil(index / 5)}`, floorName: ['EG', 'OG 1', 'OG 2'][index % 3], productNo: index % 3, itemLength: (1000 + (index % 100) * 20) / 1000, qty: 1 + (index % 12) },
    });
    if (response.status() !== 201) throw new Error(`adding row ${index}: ${response.status()} ${await response.text()}`);
  };
  for (let index = order.items.length + 1; index <= ROWS; index += 10) {
    await Promise.all(Array.from({ length: Math.min(10, ROWS - index + 1) }, (_, offset) => create(index + offset)));
  }
  return { lotId: lot.id, rootId: lot.rootProjectUnitID };
}

/** Marks in the page when the table holds `rows` rows, and the frame after it (painted). */
const watchRows = (rows: number) => {
  const state = window as unknown as { __rowsAt?: number; __paintedAt?: number };
  const observer = new MutationObserver(() => {
    if (state.__rowsAt === undefined && document.querySelectorAll('[data-testid="aac-row"]').length >= rows) {
      state.__rowsAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => (state.__paintedAt = performance.now())));
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
};

async function measureRender(page: Page, path: string, lotId: number) {
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate((id) => {
    const state = window as unknown as { __rowsAt: number; __paintedAt: number };
    const data = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === `/api/orders/${id}`) as PerformanceResourceTiming | undefined;
    return { sinceNavigation: state.__paintedAt, sinceData: data ? state.__paintedAt - data.responseEnd : Number.NaN };
  }, lotId);
}

/** Types into a quantity cell in the middle of the table and waits for the total quantity to change; per key. */
async function measureKeystrokes(page: Page): Promise<number[]> {
  const qty = page.getByTestId('aac-row').nth(ROWS / 2).getByLabel('Qty', { exact: true });
  await qty.scrollIntoViewIfNeeded();
  await qty.focus();
  const times: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.evaluate(() => {
      const state = window as unknown as { __keyAt?: number; __totalAt?: number };
      state.__keyAt = undefined;
      state.__totalAt = undefined;
      const total = document.querySelector('[data-testid="total-qty"]')!;
      const before = total.textContent;
      document.addEventListener('keydown', (event) => (state.__keyAt = event.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (total.textContent === before) return;
        observer.disconnect();
        // The totals are on screen once the frame after the change is painted.
        requestAnimationFrame(() => setTimeout(() => (state.__totalAt = performance.now())));
      });
      observer.observe(total, { childList: true, characterData: true, subtree: true });
    });
    // A digit and Backspace in turn: the quantity changes 0 → 7 → empty → 7 …, the total with it.
    await page.keyboard.press(i % 2 === 0 ? '7' : 'Backspace');
    await page.waitForFunction(() => (window as unknown as { __totalAt?: number }).__totalAt !== undefined);
    times.push(await page.evaluate(() => {
      const state = window as unknown as { __keyAt: number; __totalAt: number };
      return state.__totalAt - state.__keyAt;
    }));
  }
  return times;
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
const verdict = (value: number) => (value <= TARGET_MS ? 'met' : 'NOT met');

export async function aacTableBenchmark(): Promise<void> {
  await inChromium('AAC order table', async (browser, base) => {
    const page = await (await newContext(browser, base)).newPage();
    await login(page, 'customer');
    const { lotId, rootId } = await fillLot(page);
    await page.addInitScript(watchRows, ROWS);
    const path = `/home/app/project/aac-order/${rootId}/${lotId}`;
    const renders = [];
    for (let run = 0; run < RENDER_RUNS; run++) renders.push(await measureRender(page, path, lotId));
    const keys = await measureKeystrokes(page);
    const render = median(renders.map((entry) => entry.sinceData));
    const load = median(renders.map((entry) => entry.sinceNavigation));
    const key = median(keys);
    console.log(`\nAAC order table in Chromium: ${ROWS} editable rows, target ${TARGET_MS} ms (medians)`);
    console.log(`  render: order data received → ${ROWS} rows painted  ${ms(render)}   (${renders.map((entry) => entry.sinceData.toFixed(0)).join(', ')} ms)`);
    console.log(`  page load: navigation → ${ROWS} rows painted          ${ms(load)}   (${renders.map((entry) => entry.sinceNavigation.toFixed(0)).join(', ')} ms)`);
    console.log(`  keystroke in a qty cell → totals painted         ${ms(key)}   max ${Math.max(...keys).toFixed(0)} ms over ${KEYSTROKES} keys; target ${verdict(key)}`);
  });
}

runWhenMain(import.meta.url, aacTableBenchmark);
