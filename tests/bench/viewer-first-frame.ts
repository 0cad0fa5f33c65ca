// Time to first frame of the drawing viewer in Chromium (issue #10): from navigation to the first painted frame
// that shows walls (`data-first-frame-ms` on the 3D view), for the Schule am Stadtpark demo model and for a
// generated ~20 MB model uploaded to a second unit. The model is extracted before timing (the server caches it),
// so the numbers are what a user sees: download of the page, the three.js chunk, the model and its geometry.
// Part of `npm run bench`; alone: `npx tsx tests/bench/viewer-first-frame.ts` (BENCH_APP_DIR reuses a build).
import type { Browser, Page } from 'playwright-core';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large.js';
import { login, newContext } from '../e2e/browser.js';
import { inChromium, median, runWhenMain } from './chromium-app.js';

/** 10 storeys × 740 walls with windows and property sets ≈ 20 MB (as the extraction bench). */
const LARGE = { storeys: 10, wallsPerStorey: 740 };
const WARM_RUNS = 3;
const MB = 1024 * 1024;

interface Unit {
  id: number;
  title: string;
  rootProjectUnitID: number;
}

async function schoolUnits(page: Page) {
  const list = async (filter: object) => (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`)).json()) as Unit[];
  const school = (await list({ parentProjectUnitID: null })).find((unit) => unit.title === 'Schule am Stadtpark');
  if (!school) throw new Error('demo project "Schule am Stadtpark" not found');
  const units = await list({ rootProjectUnitID: school.id });
  const lot = (title: string) => units.find((unit) => unit.title === title)!;
  return { rootId: school.id, first: lot('Bauabschnitt 1'), second: lot('Bauabschnitt 2') };
}

/** Asks for the model until the server has extracted it; returns its wall count and geometry size. */
async function waitReady(page: Page, rootId: number, unitId: number, timeoutMs: number): Promise<{ walls: number; geometryBytes: number; waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const response = await page.request.get(`/api/view/${rootId}/${unitId}.json`);
    if (response.status() === 200) {
      const view = (await response.json()) as { geometryUrl: string; model: { children: { children: unknown[] }[] } };
      const geometry = await page.request.get(view.geometryUrl);
      const walls = view.model.children.reduce((sum, floor) => sum + floor.children.length, 0);
      return { walls, geometryBytes: (await geometry.body()).length, waitedMs: Date.now() - started };
    }
    if (response.status() !== 202) throw new Error(`model of unit ${unitId}: ${response.status()} ${await response.text()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`model of unit ${unitId} not ready after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** Opens the viewer and reads when its first frame with walls was painted (ms since navigation). */
async function firstFrame(page: Page, path: string): Promise<{ frameMs: number; dataMs: number }> {
  await page.goto(path);
  const scene = page.getByTestId('viewer-scene');
  await scene.locator('canvas').waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="viewer-scene"]')?.getAttribute('data-first-frame-ms'), undefined, { timeout: 300_000 });
  const frameMs = Number(await scene.getAttribute('data-first-frame-ms'));
  // When the geometry had arrived: the rest is decoding, building the meshes and drawing.
  const dataMs = await page.evaluate(() => {
    const geometry = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname.endsWith('.bin')) as PerformanceResourceTiming | undefined;
    return geometry ? geometry.responseEnd : Number.NaN;
  });
  return { frameMs, dataMs };
}

const ms = (value: number) => `${Number.isFinite(value) ? value.toFixed(0) : '–'}`.padStart(7);

/** One fresh browser context per cold run (empty cache), then warm runs in the same context. */
async function measureModel(browser: Browser, base: string, name: string, path: string) {
  const context = await newContext(browser, base);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'customer');
  const cold = await firstFrame(page, path);
  const warm = [];
  for (let run = 0; run < WARM_RUNS; run++) warm.push(await firstFrame(page, path));
  await context.close();
  const warmFrame = median(warm.map((entry) => entry.frameMs));
  const warmBuild = median(warm.map((entry) => entry.frameMs - entry.dataMs));
  console.log(`  ${name.padEnd(34)} ${ms(cold.frameMs)} ${ms(cold.frameMs - cold.dataMs)} ${ms(warmFrame)} ${ms(warmBuild)}`);
}

export async function viewerFirstFrameBenchmark(): Promise<void> {
  await inChromium('Viewer first frame', async (browser, base) => {
    const setup = await (await newContext(browser, base)).newPage();
    await login(setup, 'customer');
    const { rootId, first, second } = await schoolUnits(setup);
    const demo = await waitReady(setup, rootId, first.id, 120_000);

    // The large model goes to the second approval lot, so that it applies to that unit only.
    const largeIfc = Buffer.from(generateLargeIfc(LARGE));
    const upload = await setup.request.post(`/api/file/${rootId}/${second.id}`, { multipart: { file: { name: 'Bench-Large.ifc', mimeType: 'application/octet-stream', buffer: largeIfc } }, timeout: 120_000 });
    if (upload.status() !== 201) throw new Error(`upload of the large model: ${upload.status()} ${await upload.text()}`);
    const large = await waitReady(setup, rootId, second.id, 900_000);
    await setup.context().close();

    console.log('\nDrawing viewer in Chromium (software WebGL): navigation → first frame with walls (ms)');
    console.log(`  demo model: ${demo.walls} walls, geometry ${(demo.geometryBytes / 1024).toFixed(0)} kB`);
    console.log(`  large model: ${(largeIfc.length / MB).toFixed(1)} MB IFC, ${large.walls} walls, geometry ${(large.geometryBytes / MB).toFixed(1)} MB (extracted in ${(large.waitedMs / 1000).toFixed(0)} s)`);
    console.log('  model                                 cold  build   warm  build   (build: geometry received → frame; warm: median of 3)');
    await measureModel(browser, base, 'Schule am Stadtpark (demo)', `/home/app/viewer/${rootId}/${first.id}/view`);
    await measureModel(browser, base, `generated ${LARGE.storeys}×${LARGE.wallsPerStorey} walls`, `/home/app/viewer/${rootId}/${second.id}/view`);
  });
}

runWhenMain(import.meta.url, viewerFirstFrameBenchmark);
