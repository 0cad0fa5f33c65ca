import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isHighlightPixel } from '../../src/resources/projects/viewer/viewerColors';
import { isolatedJourney } from './isolated-server';
import { colourRegion, decodePng, type ColourRegion } from './png-pixels';

// The last step uploads a broken IFC file to a demo unit: this journey gets its own server and database.
const SHOTS = '/tmp/shots-viewer-ui';
const { signIn } = isolatedJourney(SHOTS);

interface Unit {
  id: number;
  title: string;
  rootProjectUnitID: number;
  stateKey: string;
}

async function units(page: Page, filter: object): Promise<Unit[]> {
  return (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`)).json()) as Unit[];
}

async function school(page: Page) {
  const root = (await units(page, { parentProjectUnitID: null })).find((unit) => unit.title === 'Schule am Stadtpark')!;
  const all = await units(page, { rootProjectUnitID: root.id });
  const lot = (title: string) => all.find((unit) => unit.title === title)!;
  return { root, first: lot('Bauabschnitt 1'), second: lot('Bauabschnitt 2') };
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

/** The highlight-coloured pixels of a 3D view once its camera has come to rest and the frame is painted. */
async function highlightRegion(page: Page, testId: string): Promise<ColourRegion> {
  await page.waitForFunction(
    (id) => {
      const view = document.querySelector(`[data-testid="${id}"]`);
      return !!view?.getAttribute('data-first-frame-ms') && view.getAttribute('data-moving') !== 'true';
    },
    testId,
    { timeout: 60_000 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
  return colourRegion(decodePng(await page.getByTestId(testId).screenshot()), isHighlightPixel);
}

const selectedWall = (page: Page) => page.locator('[role="treeitem"][aria-level="2"][aria-selected="true"]');

describe('drawing viewer and 3D delivery view', () => {
  it('customer: viewer button → tree → a wall chosen in the tree lights up, a wall clicked in 3D is chosen in the tree', async () => {
    const page = await signIn('customer');
    await page.setViewportSize({ width: 1280, height: 800 });
    const { root, first } = await school(page);
    expect(first.stateKey).toBe('ReviewPreliminaryDrawings');

    await page.goto(`/home/app/project/details/${root.id}/${first.id}`);
    await dismissBanners(page);
    await page.getByTestId('open-viewer').click();
    await page.waitForURL(`**/home/app/viewer/${root.id}/${first.id}/view`);
    await page.getByTestId('model-tree').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('viewer-file').textContent()).toBe('Schule-am-Stadtpark.ifc');

    const before = await highlightRegion(page, 'viewer-scene');
    expect(before.count).toBe(0);
    await page.screenshot({ path: `${SHOTS}/01-viewer-opened.png` });

    // Expand EG, choose S-EG-W03: it is drawn in the highlight colour and framed.
    await page.getByTestId('tree-toggle-EG').click();
    await page.getByTestId('tree-wall-S-EG-W03').click();
    expect(await page.getByTestId('tree-wall-S-EG-W03').getAttribute('aria-selected')).toBe('true');
    const chosen = await highlightRegion(page, 'viewer-scene');
    expect(chosen.count).toBeGreaterThan(500);
    await page.getByTestId('viewer-selection').getByText('Wall S-EG-W03').waitFor();
    await page.screenshot({ path: `${SHOTS}/02-wall-highlighted.png` });

    // Choose floor OG in the tree, then click one of its (highlighted) walls in the 3D view.
    await page.getByTestId('tree-floor-OG').click();
    const og = await highlightRegion(page, 'viewer-scene');
    expect(og.count).toBeGreaterThan(chosen.count);
    expect(og.inner).not.toBeNull();
    const canvas = (await page.getByTestId('viewer-scene').boundingBox())!;
    await page.mouse.click(canvas.x + og.inner!.x, canvas.y + og.inner!.y);
    await expect.poll(async () => (await selectedWall(page).getAttribute('data-testid')) ?? '').toMatch(/^tree-wall-S-OG-W\d\d$/);
    const picked = (await selectedWall(page).getAttribute('data-testid'))!.replace('tree-wall-', '');
    await page.getByTestId('viewer-selection').getByText(`Wall ${picked}`).waitFor();
    expect(await selectedWall(page).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/03-picked-in-3d.png` });

    // Isolate the floor, ghost the others, then show everything again.
    await page.getByTestId('viewer-isolate').click();
    await page.getByTestId('viewer-isolated').getByText('Only floor OG is shown').waitFor();
    await page.getByTestId('viewer-ghost').click();
    await highlightRegion(page, 'viewer-scene');
    await page.screenshot({ path: `${SHOTS}/04-isolated-floor.png` });
    await page.getByTestId('viewer-show-all').click();
    expect(await page.getByTestId('viewer-isolated').count()).toBe(0);
    await highlightRegion(page, 'viewer-scene');
    await page.screenshot({ path: `${SHOTS}/05-ghosted-all-floors.png` });

    // The search narrows the tree to matching walls.
    await page.getByTestId('tree-search').fill('W05');
    await expect.poll(() => page.locator('[role="treeitem"][aria-level="2"]').count()).toBe(2);

    // Narrow screen (a phone): the tree sits above the 3D view.
    await page.setViewportSize({ width: 414, height: 900 });
    await page.getByTestId('tree-search').fill('');
    await highlightRegion(page, 'viewer-scene');
    const treeBox = (await page.getByTestId('model-tree').boundingBox())!;
    const sceneBox = (await page.getByTestId('viewer-scene').boundingBox())!;
    expect(sceneBox.y).toBeGreaterThan(treeBox.y);
    expect(sceneBox.width).toBeGreaterThan(350);
    await page.getByTestId('model-tree').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/06-narrow-tree.png` });
    await page.getByTestId('viewer-scene').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/06-narrow-view.png` });
  });

  it('delivery overview: switching the delivery changes which walls are highlighted', async () => {
    const page = await signIn('customer');
    await page.setViewportSize({ width: 1280, height: 800 });
    const { root } = await school(page);
    await page.goto(`/home/app/project/delivery-overview/${root.id}`);
    await dismissBanners(page);
    const tabs = page.getByTestId('delivery-3d-panel').getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBeGreaterThanOrEqual(3);

    // The past delivery carries S-EG-W01/02, the next one all EG walls, the third the OG walls.
    const regions: ColourRegion[] = [];
    for (const index of [0, 1, 2]) {
      await tabs.nth(index).click();
      // The lot's walls are listed with their dimensions, one row each, and as many are highlighted in the model.
      const wallRows = page.getByTestId('selected-walls').getByTestId('wall-dimensions-row');
      await expect.poll(() => wallRows.count()).toBeGreaterThan(0);
      const walls = await wallRows.count();
      await expect.poll(() => page.getByTestId('delivery-3d-viewport').getAttribute('data-highlighted')).toBe(String(walls));
      regions.push(await highlightRegion(page, 'delivery-scene'));
      await page.screenshot({ path: `${SHOTS}/${String(7 + index).padStart(2, '0')}-delivery-tab-${index + 1}.png` });
    }
    const [past, groundFloor, upperFloor] = regions;
    expect(past.count).toBeGreaterThan(100);
    expect(groundFloor.count).toBeGreaterThan(past.count);
    expect(upperFloor.count).toBeGreaterThan(100);
    // The upper floor's walls sit higher on screen than the ground floor's.
    expect(upperFloor.centre!.y).toBeLessThan(groundFloor.centre!.y - 5);
    expect(upperFloor.box).not.toEqual(groundFloor.box);
  });

  it('a broken IFC upload: a clear notice on the unit, the rest of the portal keeps working', async () => {
    const page = await signIn('customer');
    await page.setViewportSize({ width: 1280, height: 800 });
    const { root, second } = await school(page);
    await page.goto(`/home/app/project/details/${root.id}/${second.id}`);
    await dismissBanners(page);
    await page.getByTestId('project-files-card').waitFor();
    expect(await page.getByTestId('model-notice').count()).toBe(0);
    // Starts like an IFC file (the upload checks that), but breaks off in the middle of the data.
    const broken = "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Kaputt";
    await page.getByTestId('project-files-input').setInputFiles({ name: 'Kaputt.ifc', mimeType: 'application/octet-stream', buffer: Buffer.from(broken) });
    const notice = page.getByTestId('model-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('The 3D model could not be read');
    expect(await notice.textContent()).toContain('File "Kaputt.ifc"');
    await page.getByTestId('project-files-card').getByText('Kaputt.ifc').waitFor();
    await page.screenshot({ path: `${SHOTS}/10-broken-model-notice.png` });

    // The viewer of that unit says why; the root's model and the rest of the portal are untouched.
    await page.goto(`/home/app/viewer/${root.id}/${second.id}/view`);
    await page.getByTestId('viewer-failed').waitFor();
    await page.screenshot({ path: `${SHOTS}/11-viewer-failed.png` });
    await page.goto(`/home/app/project/delivery-overview/${root.id}`);
    await highlightRegion(page, 'delivery-scene');
    await page.goto('/home/app/dash');
    await page.getByTestId('panel-tasks').waitFor();
  });
});
