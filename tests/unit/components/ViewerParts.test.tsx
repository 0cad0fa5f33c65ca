// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectActionsCard } from '../../../src/resources/projects/details/WorkflowCard';
import { DeliveryModelViewport } from '../../../src/resources/projects/viewer/DeliveryModelViewport';
import { ModelNotice } from '../../../src/resources/projects/viewer/ModelNotice';
import { FakeScene, geometryResponse, json, readyView, resetScenes, unitContext } from '../viewerFixtures';
import { dataProvider } from '../../../src/providers/dataProvider';

vi.mock('../../../src/resources/projects/viewer/ModelScene', async () => (await import('../viewerFixtures')).sceneModuleMock());

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

function renderWithin(children: ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>{children}</AdminContext>
    </MemoryRouter>,
  );
}

function stubFetch(routes: Record<string, () => Promise<Response>>) {
  const fetch = vi.fn((input: RequestInfo | URL) => (routes[String(input)] ?? (() => json({ status: 404, messages: [] }, 404)))());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(resetScenes);

describe('viewer button', () => {
  it('shows in a review state when a model applies and links to the viewer of the unit', () => {
    renderWithin(<ProjectActionsCard context={unitContext()} />);
    expect(screen.getByTestId('open-viewer').getAttribute('href')).toBe('/home/app/viewer/5/7/view');
    expect(screen.getByTestId('open-viewer').textContent).toBe('Drawing viewer');
  });

  it('stays hidden in other states and when no model applies', () => {
    const { unmount } = renderWithin(<ProjectActionsCard context={unitContext({}, { stateKey: 'Preparing' })} />);
    expect(screen.queryByTestId('open-viewer')).toBeNull();
    unmount();
    renderWithin(<ProjectActionsCard context={unitContext({ viewer: false })} />);
    expect(screen.queryByTestId('open-viewer')).toBeNull();
  });
});

describe('model notice on the details page', () => {
  const files = () => json([{ id: 9, projectFileID: 9, projectUnitID: 7, name: 'Kaputt.ifc', size: 12, contentType: 'application/octet-stream', createdAt: '', uploadedByID: 1, uploadedBy: 'Kees Klant', canDelete: true }]);

  it('explains a model that could not be read', async () => {
    const fetch = stubFetch({
      '/api/file/5/7': files,
      '/api/view/5/7/status': () => json({ status: 'failed', file: { id: 9, name: 'Kaputt.ifc' }, messages: [{ type: 'error', key: 'IFC.NotIfc', text: 'The file is not an IFC model.' }] }),
    });
    renderWithin(<ModelNotice rootId={5} unitId={7} />);
    const notice = await screen.findByTestId('model-notice');
    expect(notice.textContent).toContain('The 3D model could not be read');
    expect(notice.textContent).toContain('File "Kaputt.ifc": The file is not an IFC model.');
    // The status is asked once, after the files are known.
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/view/5/7/status')).toHaveLength(1);
  });

  it('shows nothing while the model is fine', async () => {
    const fetch = stubFetch({ '/api/file/5/7': files, '/api/view/5/7/status': () => json({ status: 'ready', file: { id: 9, name: 'Gut.ifc' } }) });
    renderWithin(<ModelNotice rootId={5} unitId={7} />);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/view/5/7/status')).toBe(true));
    expect(screen.queryByTestId('model-notice')).toBeNull();
  });
});

describe('delivery overview 3D', () => {
  it('highlights the walls of the chosen delivery and ghosts the rest; another delivery changes the highlight', async () => {
    stubFetch({ '/api/view/5/5.json': () => json(readyView(5, 5)), '/api/view/5/5.bin?h=abc123': geometryResponse });
    const { rerender } = renderWithin(<DeliveryModelViewport rootId={5} wallNames={['S-EG-W01', 'S-EG-W02']} />);
    await waitFor(() => expect(FakeScene.last().meshes?.length).toBe(5));
    const scene = FakeScene.last();
    await waitFor(() => expect([...(scene.style?.highlighted ?? [])]).toEqual([11, 12]));
    expect(scene.style?.ghostOthers).toBe(true);
    expect(scene.frames).toEqual([{ wallIds: null, animate: false }]);
    expect(screen.getByTestId('delivery-3d-legend').textContent).toContain('Walls of this delivery');

    rerender(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <DeliveryModelViewport rootId={5} wallNames={['S-OG-W01', 'S-OG-W09']} />
        </AdminContext>
      </MemoryRouter>,
    );
    await waitFor(() => expect([...(FakeScene.last().style?.highlighted ?? [])]).toEqual([21]));
    expect(screen.getByTestId('delivery-3d-missing').textContent).toBe('1 wall of this delivery is not in the model: S-OG-W09');
  });

  it('says so when the project has no model, without loading the 3D scene', async () => {
    stubFetch({ '/api/view/5/5.json': () => json({ status: 404, messages: [{ type: 'error', key: 'VIEWER.NoModel', text: 'none' }] }, 404) });
    renderWithin(<DeliveryModelViewport rootId={5} wallNames={['S-EG-W01']} />);
    await screen.findByText(/The 3D model of the building appears here as soon as a model is available/);
    expect(FakeScene.instances).toHaveLength(0);
  });
});
