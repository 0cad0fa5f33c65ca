// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification } from 'react-admin';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionnairePageData } from '../../../src/resources/projects/questionnaire/questionnaireQueries';
import QuestionnairePage from '../../../src/resources/projects/questionnaire/QuestionnairePage';
import type { QuestionnaireAnswers, SheetVersion } from '../../../src/domain/questionnaire';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');
const sheetsDir = join(__dirname, '../../../schemas/questionnaire/sheets');

function shippedSheet(name: string): SheetVersion {
  const read = (kind: string) => JSON.parse(readFileSync(join(sheetsDir, name, `v1.${kind}.json`), 'utf8'));
  return { name, version: 1, schema: read('schema'), uiSchema: read('uischema'), status: 'published' };
}

const GENERAL_FILLED = {
  project: { bouwtype: 'residential', bouwwerk: 'new', bouwlagen: 4, startRuwbouw: '04/2027' },
  contact: { uitvoerder: 'Sanne de Vries', telefoon: '+31 10 555 3300' },
  logistiek: { losplaats: 'onSite' },
};

const pageData = (overrides: Partial<QuestionnairePageData> = {}): QuestionnairePageData => ({
  rootProjectUnitID: 7,
  projectUnitNo: 'CB-NL-2026-0001',
  title: 'Appartementen Maaskade',
  tenantType: 'standard',
  setKey: 'nl',
  canEdit: true,
  editReason: null,
  minActiveSheets: 2,
  sheets: [shippedSheet('xnl-algemeen'), shippedSheet('xnl-elementen'), shippedSheet('xnl-lateien')],
  data: {},
  isValid: false,
  sheetValidity: {},
  version: 3,
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

type Reply = { status: number; body: unknown };

/** The API: GET answers the current page data, PUT the reply given (default: saved as sent). */
function stubApi(initial: QuestionnairePageData, putReply?: (data: QuestionnaireAnswers) => Reply) {
  let current = initial;
  const puts: { data: QuestionnaireAnswers; version: number }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = ({ status, body }: Reply) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    if (url === '/api/questionnaire/7' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { data: QuestionnaireAnswers; version: number };
      puts.push(body);
      const reply = putReply?.(body.data) ?? { status: 200, body: { ...current, data: body.data, version: current.version + 1, updatedAt: '2026-11-21T11:00:00.000Z' } };
      if (reply.status === 200) current = reply.body as QuestionnairePageData;
      return json(reply);
    }
    if (url === '/api/questionnaire/7') return json({ status: 200, body: current });
    if (url.startsWith('/api/questionnaire/ccl-delivery-schedule/7')) return json({ status: 200, body: { canEdit: true, entries: [] } });
    return json({ status: 404, body: { status: 404, messages: [{ type: 'error', text: 'Not found' }] } });
  });
  vi.stubGlobal('fetch', fetch);
  return { puts, gets: () => fetch.mock.calls.filter(([url, init]) => String(url) === '/api/questionnaire/7' && !init?.method).length };
}

function renderPage() {
  // A data router (the page's leave guard needs one) with react-admin's context inside it.
  const router = createMemoryRouter(
    [
      {
        element: (
          <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
            <Outlet />
            <Notification />
          </AdminContext>
        ),
        children: [
          { path: '/home/app/project/questionnaire/:rootId', element: <QuestionnairePage /> },
          { path: '/home/app/project/details/:rootId', element: <p>Project details</p> },
        ],
      },
    ],
    { initialEntries: ['/home/app/project/questionnaire/7'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-testid'));
const materials = () => document.querySelector('[data-section="materiaal"]') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('QuestionnairePage', () => {
  it('refuses to save with only the general sheet: hint toast and highlighted material choice, no request', async () => {
    const api = stubApi(pageData({ data: { 'xnl-algemeen': GENERAL_FILLED } }));
    renderPage();
    await screen.findByText('Material choice');
    expect(tabs()).toEqual(['questionnaire-tab-xnl-algemeen']);
    // Save stays disabled until something changed (issue 20).
    expect((screen.getByTestId('questionnaire-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'bouw@maaskade.example' } });
    await waitFor(() => expect((screen.getByTestId('questionnaire-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    await screen.findByText(/Please choose your materials first: the information sheet needs at least 2 active sheets/);
    expect(materials().getAttribute('data-highlighted')).toBe('true');
    expect(api.puts).toEqual([]);

    fireEvent.click(within(materials()).getByLabelText('AAC elements'));
    await waitFor(() => expect(tabs()).toEqual(['questionnaire-tab-xnl-algemeen', 'questionnaire-tab-xnl-elementen']));
    expect(screen.getByTestId('questionnaire-tab-xnl-elementen').getAttribute('data-invalid')).toBe('true');
  });

  it('saves the answers with the version they build on and clears this browser’s copy', async () => {
    const api = stubApi(pageData({ data: { 'xnl-algemeen': { ...GENERAL_FILLED, materiaal: { lateien: true } } } }));
    renderPage();
    await screen.findByText('Material choice');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'bouw@maaskade.example' } });
    await waitFor(() => expect(window.localStorage.getItem('questionnaire-7')).toContain('bouw@maaskade.example'));
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    await waitFor(() => expect(api.puts.length).toBe(1));
    expect(api.puts[0].version).toBe(3);
    expect(api.puts[0].data['xnl-algemeen']).toMatchObject({ contact: { email: 'bouw@maaskade.example' }, materiaal: { lateien: true } });
    await screen.findByText(/Saved – some required fields are still missing/);
    expect(window.localStorage.getItem('questionnaire-7')).toBeNull();
    expect(screen.getByTestId('questionnaire-status').textContent).toContain('Saved');
  });

  it("follows another person's save: read again where nothing is unsaved here, kept where it is; Changed by … at …", async () => {
    const api = stubApi(pageData({ data: { 'xnl-algemeen': { ...GENERAL_FILLED, materiaal: { lateien: true } } } }));
    renderPage();
    await screen.findByText('Material choice');
    const reads = api.gets();
    const saveBy = (name: string, at: string) =>
      dataProvider.publish('resource/questionnaire/7', { type: 'updated', payload: { ids: [7], event: { id: 1, resource: 'questionnaire', kind: 'updated', ids: [7], root: 7, actor: { id: 99, name }, at } } });
    await saveBy('Stefan Planer', '2026-11-21T11:00:00.000Z');
    await waitFor(() => expect(api.gets()).toBe(reads + 1));
    await screen.findByText(/^Changed by Stefan Planer at /);
    // With an unsaved answer here, the next save of someone else is shown but the answers stay.
    await screen.findByText('Material choice');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'bouw@maaskade.example' } });
    await waitFor(() => expect((screen.getByTestId('questionnaire-save') as HTMLButtonElement).disabled).toBe(false));
    await saveBy('Dana Zeichner', '2026-11-21T11:05:00.000Z');
    await screen.findByText(/^Changed by Dana Zeichner at /);
    expect(api.gets()).toBe(reads + 1);
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('bouw@maaskade.example');
  });

  it('reloads the server answers after a conflict', async () => {
    const api = stubApi(pageData({ data: { 'xnl-algemeen': { ...GENERAL_FILLED, materiaal: { lateien: true } } } }), () => ({
      status: 409,
      body: { status: 409, messages: [{ type: 'error', text: 'Someone else saved the information sheet in the meantime.', key: 'QUESTIONNAIRE.Errors.Conflict' }] },
    }));
    renderPage();
    await screen.findByText('Material choice');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'x@example.com' } });
    await waitFor(() => expect((screen.getByTestId('questionnaire-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    await screen.findByText('Someone else saved the information sheet in the meantime.');
    await waitFor(() => expect(api.gets()).toBe(2));
    await waitFor(() => expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe(''));
  });

  it('restores the working copy of this browser when it builds on the saved version', async () => {
    stubApi(pageData({ data: { 'xnl-algemeen': GENERAL_FILLED } }));
    window.localStorage.setItem('questionnaire-7', JSON.stringify({ data: { 'xnl-algemeen': { ...GENERAL_FILLED, contact: { ...GENERAL_FILLED.contact, email: 'lokaal@example.com' } } }, baseVersion: 3, savedAt: '2026-11-21T10:30:00.000Z' }));
    renderPage();
    await screen.findByTestId('questionnaire-restored');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('lokaal@example.com');
    expect(screen.getByTestId('questionnaire-status').textContent).toContain('Not saved yet');
  });

  it('asks the CCL tenant before saving with mandatory fields left, and closes after saving', async () => {
    const api = stubApi(pageData({ tenantType: 'ccl', setKey: 'ccl', minActiveSheets: 0, sheets: [shippedSheet('ccl-general')] }));
    const router = renderPage();
    await screen.findByTestId('questionnaire-save');
    fireEvent.change(screen.getByLabelText(/^Site manager/), { target: { value: 'Sam Site' } });
    await waitFor(() => expect((screen.getByTestId('questionnaire-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    const dialog = await screen.findByTestId('mandatory-fields-dialog');
    expect(within(dialog).getByText('Mandatory fields left')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('No'));
    await waitFor(() => expect(screen.queryByTestId('mandatory-fields-dialog')).toBeNull());
    expect(api.puts).toEqual([]);

    fireEvent.click(screen.getByTestId('questionnaire-save'));
    fireEvent.click(within(await screen.findByTestId('mandatory-fields-dialog')).getByText('Save and Close'));
    await waitFor(() => expect(api.puts.length).toBe(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/app/project/details/7'));
  });

  it('shows the sheet read-only with the reason when the user may not edit', async () => {
    stubApi(pageData({ canEdit: false, editReason: 'QUESTIONNAIRE.Errors.ReadOnly', data: { 'xnl-algemeen': GENERAL_FILLED } }));
    renderPage();
    await screen.findByTestId('questionnaire-read-only');
    expect(screen.queryByTestId('questionnaire-save')).toBeNull();
    expect((screen.getByLabelText(/^Site manager/) as HTMLInputElement).disabled).toBe(true);
  });

  it('guards leaving with unsaved changes', async () => {
    stubApi(pageData({ data: { 'xnl-algemeen': GENERAL_FILLED } }));
    const router = renderPage();
    await screen.findByText('Material choice');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'x@example.com' } });
    fireEvent.click(screen.getByTestId('questionnaire-back-to-project'));
    const dialog = await screen.findByTestId('leave-dialog');
    fireEvent.click(within(dialog).getByText('Stay'));
    expect(router.state.location.pathname).toBe('/home/app/project/questionnaire/7');
    fireEvent.click(screen.getByTestId('questionnaire-back-to-project'));
    fireEvent.click(within(await screen.findByTestId('leave-dialog')).getByText('Leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/app/project/details/7'));
  });
});
