// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ViewerPage from '../../../src/resources/projects/viewer/ViewerPage';
import { FakeScene, geometryResponse, json, readyView, resetScenes, unitContext } from '../viewerFixtures';
import { dataProvider } from '../../../src/providers/dataProvider';

vi.mock('../../../src/resources/projects/viewer/ModelScene', async () => (await import('../viewerFixtures')).sceneModuleMock());

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

type Answer = () => Promise<Response>;

function stubApi(model: Answer[]) {
  let call = 0;
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/data/planxchange/projects/7/context') return json(unitContext());
    if (url === '/api/view/5/7.json') return model[Math.min(call++, model.length - 1)]();
    if (url === '/api/view/5/7.bin?h=abc123') return geometryResponse();
    return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(path = '/home/app/viewer/5/7/view') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/viewer/:rootId/:unitId/view" element={<ViewerPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const ready = () => json(readyView());
const row = (name: string) => screen.getByTestId(name);
const selected = (name: string) => row(name).getAttribute('aria-selected');

async function openReady() {
  stubApi([ready]);
  renderPage();
  await screen.findByTestId('model-tree');
  await waitFor(() => expect(FakeScene.last().meshes?.length).toBe(5));
  return FakeScene.last();
}

afterEach(resetScenes);

describe('ViewerPage', () => {
  it('shows the file, the floors with their wall counts and hands the geometry to the scene', async () => {
    const scene = await openReady();
    expect(screen.getByTestId('viewer-file').textContent).toBe('Schule-am-Stadtpark.ifc');
    expect(screen.getByText('Drawing viewer')).toBeTruthy();
    expect(within(row('tree-floor-EG')).getByText('3 walls')).toBeTruthy();
    expect(within(row('tree-floor-OG')).getByText('+3.20 m')).toBeTruthy();
    expect(screen.getByTestId('tree-counts').textContent).toBe('2 floors · 5 walls');
    expect(scene.meshes?.map((mesh) => mesh.wallId)).toEqual([11, 12, 13, 21, 22]);
    expect(screen.getByTestId('viewer-scene').dataset.firstFrameMs).toMatch(/^\d+$/);
    expect(screen.getByTestId('viewer-back').getAttribute('href')).toBe('/home/app/project/details/5/7');
  });

  it('a wall chosen in the tree is highlighted and framed; a floor highlights all its walls', async () => {
    const scene = await openReady();
    fireEvent.click(row('tree-toggle-EG'));
    fireEvent.click(await screen.findByTestId('tree-wall-S-EG-W03'));
    await waitFor(() => expect(scene.style?.selected).toBe(13));
    expect([...scene.style!.highlighted]).toEqual([13]);
    expect(scene.frames.at(-1)).toEqual({ wallIds: [13], animate: true });
    expect(selected('tree-wall-S-EG-W03')).toBe('true');
    expect(screen.getByTestId('viewer-selection').textContent).toContain('Wall S-EG-W03');

    fireEvent.click(row('tree-floor-OG'));
    await waitFor(() => expect([...scene.style!.highlighted]).toEqual([21, 22]));
    expect(scene.style!.selected).toBeNull();
    expect(row('tree-floor-OG').getAttribute('aria-expanded')).toBe('true');
  });

  it('a wall clicked in the 3D view is chosen in the tree and its floor opens', async () => {
    const scene = await openReady();
    expect(screen.queryByTestId('tree-wall-S-OG-W02')).toBeNull();
    act(() => scene.options.onPick?.(22));
    await waitFor(() => expect(selected('tree-wall-S-OG-W02')).toBe('true'));
    expect(row('tree-floor-OG').getAttribute('aria-expanded')).toBe('true');
    expect(scene.style?.selected).toBe(22);
    // A click into empty space clears the choice.
    act(() => scene.options.onPick?.(null));
    await waitFor(() => expect(scene.style?.highlighted.size).toBe(0));
    expect(selected('tree-wall-S-OG-W02')).toBe('false');
    // A search that hides the picked wall gives way.
    fireEvent.change(screen.getByTestId('tree-search'), { target: { value: 'EG-W01' } });
    act(() => scene.options.onPick?.(21));
    await waitFor(() => expect(selected('tree-wall-S-OG-W01')).toBe('true'));
    expect((screen.getByTestId('tree-search') as HTMLInputElement).value).toBe('');
  });

  it('isolates the floor of the selection, ghosts the others on request and shows all again', async () => {
    const scene = await openReady();
    expect((screen.getByTestId('viewer-isolate') as HTMLButtonElement).disabled).toBe(true);
    act(() => scene.options.onPick?.(12));
    await waitFor(() => expect((screen.getByTestId('viewer-isolate') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('viewer-isolate'));
    await waitFor(() => expect([...(scene.style?.visible ?? [])]).toEqual([11, 12, 13]));
    expect(screen.getByTestId('viewer-isolated').textContent).toContain('Only floor EG is shown');
    fireEvent.click(screen.getByTestId('viewer-ghost'));
    await waitFor(() => expect(scene.style?.ghostOthers).toBe(true));
    fireEvent.click(screen.getByTestId('viewer-show-all'));
    await waitFor(() => expect(scene.style?.visible).toBeNull());
    expect(scene.frames.at(-1)).toEqual({ wallIds: null, animate: true });
  });

  it('the search narrows the walls; the tree works with the keyboard', async () => {
    await openReady();
    fireEvent.change(screen.getByTestId('tree-search'), { target: { value: 'og-w02' } });
    expect(screen.queryByTestId('tree-floor-EG')).toBeNull();
    expect(screen.getByTestId('tree-wall-S-OG-W02')).toBeTruthy();
    expect(screen.queryByTestId('tree-wall-S-OG-W01')).toBeNull();
    fireEvent.change(screen.getByTestId('tree-search'), { target: { value: 'nothing' } });
    expect(screen.getByTestId('tree-empty').textContent).toBe('No floor or wall matches "nothing".');
    fireEvent.click(screen.getByLabelText('Clear search'));

    const eg = row('tree-floor-EG');
    expect(eg.tabIndex).toBe(0);
    expect(row('tree-floor-OG').tabIndex).toBe(-1);
    eg.focus();
    fireEvent.keyDown(eg, { key: 'ArrowRight' });
    await waitFor(() => expect(eg.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(eg, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(row('tree-wall-S-EG-W01'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('tree-wall-S-EG-W02'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(selected('tree-wall-S-EG-W02')).toBe('true'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(eg);
  });

  it('while the server reads the model it shows progress and asks again until the model is ready', async () => {
    const fetch = stubApi([() => json({ status: 'pending', file: { id: 3, name: 'Schule-am-Stadtpark.ifc' } }, 202), ready]);
    renderPage();
    await screen.findByTestId('viewer-pending');
    expect(screen.getByText(/The model file "Schule-am-Stadtpark.ifc" is being read/)).toBeTruthy();
    await screen.findByTestId('model-tree', {}, { timeout: 3000 });
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/view/5/7.json').length).toBe(2);
  });

  it('a model that cannot be read shows the file, the reason and the way back', async () => {
    stubApi([
      () =>
        json(
          { status: 'failed', file: { id: 3, name: 'Kaputt.ifc' }, messages: [{ type: 'error', key: 'IFC.Broken', text: 'The IFC model could not be read: the file is incomplete (END-ISO-10303-21 is missing).' }] },
          422,
        ),
    ]);
    renderPage();
    const failed = await screen.findByTestId('viewer-failed');
    expect(failed.textContent).toContain('The model cannot be shown');
    expect(failed.textContent).toContain('Model file: Kaputt.ifc');
    expect(screen.getByTestId('viewer-failed-reason').textContent).toBe('The IFC model could not be read: the file is incomplete (END-ISO-10303-21 is missing).');
    expect(FakeScene.instances).toHaveLength(0);
  });

  it('a model without walls says so instead of an empty canvas (issue 20)', async () => {
    const view = readyView();
    const empty = { ...view, model: { ...view.model, children: view.model.children.map((floor) => ({ ...floor, children: [] })) } };
    stubApi([() => json(empty)]);
    renderPage();
    const notice = await screen.findByTestId('viewer-no-walls');
    expect(notice.textContent).toBe('"Schule-am-Stadtpark.ifc" has storeys but no walls in them: there is nothing to show in 3D.');
    expect(screen.queryByTestId('viewer-scene')).toBeNull();
  });

  it('says so when no model applies, and when the unit is not there', async () => {
    stubApi([() => json({ status: 404, messages: [{ type: 'error', key: 'VIEWER.NoModel', text: 'There is no IFC model' }] }, 404)]);
    renderPage();
    await screen.findByTestId('viewer-no-model');
    expect(screen.getByText('No model available')).toBeTruthy();
    resetScenes();
    document.body.innerHTML = '';
    stubApi([ready]);
    renderPage('/home/app/viewer/5/abc/view');
    await screen.findByTestId('viewer-not-found');
  });
});
