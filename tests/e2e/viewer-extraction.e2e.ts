import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large';
import { isolatedJourney } from './isolated-server';

// Uploads a 20 MB model to a demo unit: this journey gets its own server and database. It checks the server
// side of the viewer on the real server: the demo model renders, a large model is read in the background
// while the portal keeps answering, and the viewer picks the model up when the worker is done.
const SHOTS = '/tmp/shots-viewer-server';
const { signIn } = isolatedJourney(SHOTS);

interface Unit {
  id: number;
  title: string;
}

async function schoolUnits(page: Page) {
  const list = async (filter: object) => (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`)).json()) as Unit[];
  const root = (await list({ parentProjectUnitID: null })).find((unit) => unit.title === 'Schule am Stadtpark')!;
  const all = await list({ rootProjectUnitID: root.id });
  return { root, first: all.find((unit) => unit.title === 'Bauabschnitt 1')!, second: all.find((unit) => unit.title === 'Bauabschnitt 2')! };
}

/** Banners are closed for the screenshots (closing is remembered for the user: this journey has its own server). */
async function dismissBanners(page: Page) {
  const close = page.getByTestId('banner-strip').getByRole('button', { name: 'Hide this message' });
  await close.first().waitFor({ timeout: 5000 }).catch(() => undefined);
  for (let count = await close.count(); count > 0; count--) {
    await close.first().click();
    await expect.poll(() => close.count()).toBe(count - 1);
  }
}

/** The 3D view has painted its first frame and the camera is at rest. */
async function sceneReady(page: Page, timeout = 60_000) {
  await page.waitForFunction(
    () => {
      const view = document.querySelector('[data-testid="viewer-scene"]');
      return !!view?.getAttribute('data-first-frame-ms') && view.getAttribute('data-moving') !== 'true';
    },
    undefined,
    { timeout },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
}

/** Milliseconds of one API call, which must succeed. */
async function timed(page: Page, path: string): Promise<number> {
  const started = performance.now();
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  await response.body();
  return performance.now() - started;
}

describe('viewer models on the server', () => {
  it('demo model, then a 20 MB upload read in the background while the portal keeps answering', { timeout: 180_000 }, async () => {
    const page = await signIn('customer');
    await page.setViewportSize({ width: 1280, height: 800 });
    const { root, first, second } = await schoolUnits(page);

    // The Schule am Stadtpark demo model: a wing with windows, classroom partitions and corridor walls.
    await page.goto(`/home/app/viewer/${root.id}/${first.id}/view`);
    await dismissBanners(page);
    await page.getByTestId('model-tree').waitFor({ timeout: 60_000 });
    await sceneReady(page);
    expect(await page.getByTestId('tree-counts').textContent()).toMatch(/16/);
    await page.screenshot({ path: `${SHOTS}/01-demo-model.png` });

    // A model of 7,400 walls (about 20 MB) uploaded to the second lot: the upload answers at once.
    const large = generateLargeIfc({ storeys: 10, wallsPerStorey: 740 });
    expect(large.length).toBeGreaterThan(19 * 1024 * 1024);
    const uploadStarted = performance.now();
    const upload = await page.request.post(`/api/file/${root.id}/${second.id}`, {
      multipart: { file: { name: 'Klassentrakt-gross.ifc', mimeType: 'application/octet-stream', buffer: Buffer.from(large) } },
      timeout: 60_000,
    });
    expect(upload.status()).toBe(201);
    const uploadMs = performance.now() - uploadStarted;

    // While the worker reads it, the viewer of that lot says so and the rest of the API answers quickly.
    await page.goto(`/home/app/viewer/${root.id}/${second.id}/view`);
    await page.getByTestId('viewer-pending').waitFor({ timeout: 15_000 });
    const status = async () => ((await (await page.request.get(`/api/view/${root.id}/${second.id}/status`)).json()) as { status: string }).status;
    expect(await status()).toBe('pending');
    const durations = [
      await timed(page, `/api/data/planxchange/projects/${first.id}/context`),
      await timed(page, `/api/file/${root.id}/${first.id}`),
      await timed(page, `/api/view/${root.id}/${first.id}.json`),
      await timed(page, `/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: root.id }))}`),
      await timed(page, '/api/auth/me'),
    ];
    expect(await status()).toBe('pending');
    expect(Math.max(...durations)).toBeLessThan(1500);
    await page.screenshot({ path: `${SHOTS}/02-large-model-pending.png` });

    // The rest of the portal works meanwhile: the details page of the first lot with its viewer button.
    await page.goto(`/home/app/project/details/${root.id}/${first.id}`);
    await page.getByTestId('open-viewer').waitFor();
    await page.screenshot({ path: `${SHOTS}/03-details-while-reading.png` });

    // When the worker is done, the viewer (polling every second) shows the large model.
    await page.goto(`/home/app/viewer/${root.id}/${second.id}/view`);
    await page.getByTestId('model-tree').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('viewer-file').textContent()).toBe('Klassentrakt-gross.ifc');
    await sceneReady(page, 120_000);
    const firstFrameMs = Number(await page.getByTestId('viewer-scene').getAttribute('data-first-frame-ms'));
    expect(firstFrameMs).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/04-large-model.png` });
    console.log(`viewer-extraction journey: upload ${uploadMs.toFixed(0)} ms, API during extraction max ${Math.max(...durations).toFixed(0)} ms, large model first frame ${firstFrameMs.toFixed(0)} ms`);
  });
});
