// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProjectStructurePage from '../../../src/resources/projects/structure/ProjectStructurePage';
import type { StructurePageData } from '../../../src/resources/projects/structure/structureQueries';
import { structureDraftStorageKey, type StructureDraft } from '../../../src/domain/structure';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const draft = (name: string, volume = 20): StructureDraft => ({
  subprojects: [{ id: 's1', name, expanded: true, children: [{ id: 'l1', parentID: 's1', name: 'Erdgeschoss', materials: [{ type: 'aac', volume, deliveryDate: '2030-01-10' }] }] }],
});

const pageData = (overrides: Partial<StructurePageData> = {}): StructurePageData => ({
  rootProjectUnitID: 5,
  projectUnitNo: 'NS-DE-2030-0001',
  title: 'Wohnpark Weserblick',
  tenantType: 'standard',
  secondLevelType: 'approvallot',
  withMaterials: true,
  draft: draft('Haus Server'),
  source: 'server',
  version: 3,
  updatedAt: '2026-11-21T10:00:00.000Z',
  rules: { today: '2026-11-21', materialTypes: [{ key: 'aac', label: 'Porenbeton-Planelemente', productTypeID: 1, minDate: '2026-12-03' }] },
  canEdit: true,
  editReason: null,
  finishAction: { action: 'StructuringFinished', to: 'PendingValidation', requirements: [], call: 'state-update', message: 'none', secondary: false, disabledReason: 'WORKFLOW.Guards.needs-structure', buildsStructure: true },
  ...overrides,
});

function stubApi(data: StructurePageData, files: unknown[] = []) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    if (url === '/api/structure/5/draft' && init?.method === 'PUT') return json({ version: 4, updatedAt: '2026-11-21T11:00:00.000Z' });
    if (url === '/api/structure/5') return json(data);
    if (url === '/api/structure/5/ifcfiles') return json(files);
    // The zip download's tree is DownloadSelectedFiles': the IFC menu must not depend on it.
    if (url.startsWith('/api/file/projectFiles/5')) return json({ status: 403, messages: [{ type: 'error', text: 'Off', key: 'FILES.Rules.DownloadSelectedOff' }] }, 403);
    if (url === '/api/file/5/9/ifcstructure') return json({ status: 422, messages: [{ type: 'error', text: 'The file is not an IFC model.', key: 'IFC.NotIfc' }] }, 422);
    return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/home/app/project/structure/5']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/project/structure/:rootId" element={<ProjectStructurePage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const storeLocal = (value: StructureDraft, savedAt: string) => window.localStorage.setItem(structureDraftStorageKey(5), JSON.stringify({ draft: value, savedAt }));
const titles = () => screen.getAllByTestId('subproject-title').map((element) => element.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('ProjectStructurePage', () => {
  it('opens the draft of this browser when it is newer than the server draft', async () => {
    stubApi(pageData());
    storeLocal(draft('Haus Lokal'), '2026-11-21T10:30:00.000Z');
    renderPage();
    await screen.findByText('Haus Lokal');
    expect(titles()).toEqual(['Haus Lokal']);
    expect(screen.getByTestId('draft-status').textContent).toContain('Not saved on the server yet');
    expect(screen.getByTestId('structure-title').textContent).toBe('Project structure – NS-DE-2030-0001 | Wohnpark Weserblick');
  });

  it('opens the server draft when it is newer than the one of this browser', async () => {
    stubApi(pageData());
    storeLocal(draft('Haus Lokal'), '2026-11-21T09:30:00.000Z');
    renderPage();
    await screen.findByText('Haus Server');
    expect(titles()).toEqual(['Haus Server']);
    expect(screen.getByTestId('draft-status').textContent).toContain('Draft saved');
    expect((screen.getByTestId('save-draft') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the rules at the fields, blocks Save while they fail, and saves the fixed draft with its version', async () => {
    const fetch = stubApi(pageData());
    renderPage();
    await screen.findByText('Haus Server');
    const add = within(screen.getByTestId('add-subproject'));
    fireEvent.change(add.getByRole('textbox'), { target: { value: 'Haus Server' } });
    fireEvent.click(add.getByRole('button', { name: 'Add' }));
    await screen.findByText('A subproject named "Haus Server" already exists.');
    expect(screen.getByText('Name the first approval lot of "Haus Server" before saving.')).toBeTruthy();
    expect((screen.getByTestId('save-draft') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('problem-count').textContent).toBe('2 problems to fix');

    const names = screen.getAllByTestId('subproject-name') as HTMLInputElement[];
    fireEvent.change(names[1], { target: { value: 'Haus Neu' } });
    const lotNames = screen.getAllByTestId('lot-name') as HTMLInputElement[];
    fireEvent.change(lotNames[1], { target: { value: 'Keller' } });
    await waitFor(() => expect((screen.getByTestId('save-draft') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-draft'));
    });
    const isPut = ([url, init]: unknown[]) => String(url) === '/api/structure/5/draft' && (init as RequestInit | undefined)?.method === 'PUT';
    await waitFor(() => expect(fetch.mock.calls.some(isPut)).toBe(true));
    const put = fetch.mock.calls.find(isPut)!;
    const body = JSON.parse(String(put[1]!.body));
    expect(body.version).toBe(3);
    expect(body.draft.subprojects.map((subproject: { name: string }) => subproject.name)).toEqual(['Haus Server', 'Haus Neu']);
    expect(body.draft.subprojects[1].children[0].name).toBe('Keller');
    // The server has it now: the status says so and Save waits for the next change.
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toContain('Draft saved'));
    expect((screen.getByTestId('save-draft') as HTMLButtonElement).disabled).toBe(true);
    // Written to this browser as well (after 300 ms at the latest).
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(structureDraftStorageKey(5))!).draft.subprojects).toHaveLength(2));
  });

  it('on a conflict (409) shows the message and the draft the other person saved; this browser\'s copy goes', async () => {
    let data = pageData();
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
      if (url === '/api/structure/5/draft' && init?.method === 'PUT') {
        // Meanwhile someone else saved "Haus Anderswo" as version 4.
        data = pageData({ draft: draft('Haus Anderswo'), version: 4, updatedAt: '2026-11-21T12:00:00.000Z' });
        return json({ status: 409, messages: [{ type: 'error', text: 'Someone else saved this draft in the meantime.', key: 'STRUCTURE.Errors.DraftChanged' }] }, 409);
      }
      if (url === '/api/structure/5') return json(data);
      return json([]);
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const name = (await screen.findAllByTestId('subproject-name'))[0] as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Haus Mein' } });
    await waitFor(() => expect((screen.getByTestId('save-draft') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-draft'));
    });
    await screen.findByText('Haus Anderswo');
    expect(titles()).toEqual(['Haus Anderswo']);
    expect(screen.getByTestId('draft-status').textContent).toContain('Draft saved');
    expect(window.localStorage.getItem(structureDraftStorageKey(5))).toBeNull();
  });

  it('shows the 350 m³ limit, a too early date and a volume of 0 at the fields', async () => {
    stubApi(pageData({ draft: { subprojects: [{ ...draft('Haus A', 400).subprojects[0] }, { ...draft('Haus B', 0).subprojects[0], id: 's2' }] } }));
    renderPage();
    await screen.findByTestId('limit-alert');
    expect(screen.getByTestId('limit-alert').textContent).toContain('Limit reached: a subproject may hold at most 350 m³ (now 400 m³).');
    expect(screen.getByText('Enter a volume greater than 0 m³.')).toBeTruthy();
    const dates = screen.getAllByTestId('material-deliveryDate').map((cell) => cell.querySelector('input') as HTMLInputElement);
    // The field takes the day as the user's language writes it (en: MM/DD/YYYY).
    fireEvent.change(dates[0], { target: { value: '12/01/2026' } });
    await screen.findByText('The earliest possible delivery date is Dec 3, 2026.');
    expect(dates[0].getAttribute('data-min')).toBe('2026-12-03');
  });

  it('lists the IFC files of the project and shows why a file cannot be read', async () => {
    stubApi(pageData(), [{ fileId: 9, name: 'Modell.ifc', unitTitle: 'Wohnpark Weserblick' }]);
    renderPage();
    await screen.findByText('Haus Server');
    fireEvent.click(screen.getByTestId('ifc-import'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Modell.ifcWohnpark Weserblick']);
    await act(async () => {
      fireEvent.click(items[0]);
    });
    expect((await screen.findByTestId('ifc-error')).textContent).toContain('The file is not an IFC model.');
    expect(titles()).toEqual(['Haus Server']);
  });

  it('is read-only with the reason when the structure cannot be changed', async () => {
    stubApi(pageData({ canEdit: false, editReason: 'PROJECTS.Rules.CreateOnlyInStructuring', finishAction: null }));
    renderPage();
    const alert = await screen.findByTestId('structure-read-only');
    expect(alert.textContent).toContain('New units can only be added while the project is being structured.');
    expect(screen.queryByTestId('structure-toolbar')).toBeNull();
    expect(screen.queryByTestId('add-subproject')).toBeNull();
    expect((screen.getAllByTestId('subproject-name')[0] as HTMLInputElement).disabled).toBe(true);
  });

  it('offers Expand all and Collapse all from three subprojects on and keeps the state in the draft', async () => {
    const three = { subprojects: ['A', 'B', 'C'].map((name, index) => ({ ...draft(`Haus ${name}`).subprojects[0], id: `s${index}` })) };
    stubApi(pageData({ draft: three }));
    renderPage();
    await screen.findByText('Haus C');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(structureDraftStorageKey(5)) ?? '{"draft":{"subprojects":[]}}').draft.subprojects.map((s: { expanded: boolean }) => s.expanded)).toEqual([false, false, false]));
    expect((screen.getByTestId('save-draft') as HTMLButtonElement).disabled).toBe(true);
  });
});
