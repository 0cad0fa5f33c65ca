// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SheetEditPage from '../../../src/resources/questionnaire-sheets/SheetEditPage';
import type { SheetRecord } from '../../../src/resources/questionnaire-sheets/sheets';
import { dataProvider as portalDataProvider } from '../../../src/providers/dataProvider';

// CodeMirror needs a real layout engine; the page's logic is what is tested here, through a plain text area.
vi.mock('../../../src/resources/questionnaire-sheets/JsonEditor', async () => {
  const { forwardRef } = await import('react');
  const FakeEditor = forwardRef<unknown, { value: string; onChange: (text: string) => void; readOnly: boolean; testId: string; diagnostics: unknown[]; diagnosticsFor: string | null }>(
    function FakeEditor({ value, onChange, readOnly, testId, diagnostics, diagnosticsFor }, _ref) {
      return <textarea data-testid={testId} value={value} readOnly={readOnly} data-marks={diagnosticsFor === value ? diagnostics.length : 0} onChange={(event) => onChange(event.target.value)} />;
    },
  );
  return { default: FakeEditor };
});

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const schema = {
  type: 'object',
  title: 'General',
  'x-sheet': { name: 'xde-general', version: 2 },
  additionalProperties: false,
  properties: {
    project: { type: 'object', title: 'Project data', additionalProperties: false, properties: { storeys: { type: 'number', title: 'Storeys' } } },
  },
};

const draft: SheetRecord = {
  id: 7,
  name: 'xde-general',
  version: 2,
  status: 'draft',
  title: 'General',
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedAt: null,
  usedBy: 0,
  latest: true,
  schema,
  uiSchema: {},
};

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The server: the meta-schema refuses "strnig"; publishing answers the published record. */
function stubServer() {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/questionnaire-sheets/validate') {
      const body = String(init?.body);
      return json({ problems: body.includes('strnig') ? [{ pointer: '/properties/project/properties/storeys/type', key: 'QUESTIONNAIRE.Meta.Type', params: { type: 'string,number' } }] : [] });
    }
    if (url === '/api/data/planxchange/questionnaire-sheets/7/publish') return json({ ...draft, status: 'published', publishedAt: '2026-11-21T09:00:00.000Z' });
    return json({ status: 404, messages: [{ type: 'error', text: 'not found' }] }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function fakeDataProvider(record: SheetRecord): DataProvider {
  const unused = vi.fn(() => Promise.reject(new Error('not used')));
  return {
    getList: unused,
    getOne: vi.fn(() => Promise.resolve({ data: record })),
    getMany: unused,
    getManyReference: unused,
    create: unused,
    update: vi.fn((_resource, params) => Promise.resolve({ data: { ...record, ...params.data } })),
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
    // The editor's calls that are not CRUD (validate, publish) go through the portal's provider to the stubbed server.
    validateSheetDocuments: portalDataProvider.validateSheetDocuments,
    publishSheet: portalDataProvider.publishSheet,
    // The visual builder (the default view of a draft) reads the sheet's set; these tests use the JSON view.
    sheetSet: vi.fn(() => Promise.resolve({ sheets: [] })),
    // Publishing shows its impact first: nothing under way here.
    sheetImpact: vi.fn(() => Promise.resolve({ onOlderVersions: [], noLongerValid: [], dropped: [], together: [], problems: [] })),
  } as DataProvider;
}

const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(),
  canAccess: () => Promise.resolve(true),
};

function renderPage(record: SheetRecord) {
  const dataProvider = fakeDataProvider(record);
  render(
    <MemoryRouter initialEntries={[`/questionnaire-sheets/${record.id}`]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/questionnaire-sheets/:id" element={<SheetEditPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return dataProvider;
}

// The editor is lazy: the first render waits for its module.
// A draft opens in the visual builder; these tests use the JSON view ("advanced").
const schemaEditor = async () => {
  const jsonView = screen.queryByTestId('view-json') ?? (await screen.findByTestId('view-json', {}, { timeout: 8000 }).catch(() => null));
  if (jsonView && jsonView.getAttribute('aria-pressed') !== 'true') fireEvent.click(jsonView);
  return screen.findByTestId('json-editor-schema', {}, { timeout: 8000 }) as Promise<HTMLTextAreaElement>;
};
const type = (editor: HTMLTextAreaElement, text: string) => fireEvent.change(editor, { target: { value: text } });

afterEach(() => vi.unstubAllGlobals());

describe('the questionnaire sheet editor', () => {
  it('checks as you type, lists problems with where they are, keeps the last valid preview and saves both documents', async () => {
    const fetch = stubServer();
    const dataProvider = renderPage(draft);
    const editor = await schemaEditor();
    expect(editor.value).toBe(`${JSON.stringify(schema, null, 2)}\n`);
    await screen.findByText('No problems: the sheet matches the meta-schema.');
    // The preview renders the sheet (its section title) once the first check passed.
    await within(screen.getByTestId('sheet-preview')).findByText('Project data');
    expect(screen.getByTestId('save-sheet')).toHaveProperty('disabled', true);

    // A syntax error: found here, named with its line and column, not sent to the server.
    const calls = fetch.mock.calls.length;
    type(editor, editor.value.replace('"title": "Storeys"', '"title": "Storeys",'));
    await screen.findByText('A property name in double quotes is expected here (is there a comma too many?).');
    expect(screen.getByTestId('problem-list').textContent).toMatch(/line \d+, column \d+/);
    expect(fetch.mock.calls.length).toBe(calls);
    expect(screen.getByTestId('preview-stale')).toBeTruthy();
    expect(screen.getByTestId('save-sheet')).toHaveProperty('disabled', true);

    // A meta-schema problem: reported by the server with its pointer, marked in the editor.
    type(editor, editor.value.replace('"title": "Storeys",', '"title": "Storeys", "x-width": 4').replace('"type": "number"', '"type": "strnig"'));
    await screen.findByText('/properties/project/properties/storeys/type');
    await waitFor(() => expect(editor.getAttribute('data-marks')).toBe('1'));
    expect(screen.getByTestId('tab-schema').textContent).toContain('1');

    // Fixed: no problems, the preview follows, Save sends both documents.
    type(editor, editor.value.replace('"strnig"', '"number"'));
    await screen.findByText('No problems: the sheet matches the meta-schema.');
    await waitFor(() => expect(screen.getByTestId('save-sheet')).toHaveProperty('disabled', false), { timeout: 5000 });
    expect(screen.queryByTestId('preview-stale')).toBeNull();
    // Publishing needs the saved state.
    expect(screen.getByTestId('publish-sheet')).toHaveProperty('disabled', true);
    const checksBeforeSave = fetch.mock.calls.filter(([url]) => url === '/api/questionnaire-sheets/validate').length;
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-sheet'));
    });
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
    const [resource, params] = (dataProvider.update as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(resource).toBe('questionnaire-sheets');
    expect(params.id).toBe(7);
    expect(params.data.uiSchema).toEqual({});
    expect(params.data.schema.properties.project.properties.storeys).toEqual({ type: 'number', title: 'Storeys', 'x-width': 4 });
    await waitFor(() => expect(screen.getByTestId('publish-sheet')).toHaveProperty('disabled', false), { timeout: 5000 });
    // The text stays as typed: the builder (mounted behind the JSON view) takes the edit as a step and hands nothing
    // back (it used to hand back its own formatting, which landed after the save and made the draft dirty again).
    expect((screen.getByTestId('json-editor-schema') as HTMLTextAreaElement).value).toContain('"title": "Storeys", "x-width": 4');
    // Saving unchanged texts starts no new check (Publish does not wait for one).
    expect(fetch.mock.calls.filter(([url]) => url === '/api/questionnaire-sheets/validate').length).toBe(checksBeforeSave);
  });

  it('publishes after a confirmation that names the version rule', async () => {
    const fetch = stubServer();
    renderPage(draft);
    await schemaEditor();
    await screen.findByText('No problems: the sheet matches the meta-schema.');
    await waitFor(() => expect(screen.getByTestId('publish-sheet')).toHaveProperty('disabled', false), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('publish-sheet'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Publish xde-general v2?');
    expect(dialog.textContent).toContain('Projects that saved answers keep their versions');
    // The dialog reads the impact first (its Publish waits for it); a busy machine takes more than the default second.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', false), { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    });
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/api/data/planxchange/questionnaire-sheets/7/publish' && init?.method === 'POST')).toBe(true), { timeout: 15_000 });
  });

  it('opens a published version read-only, with the immutability note and New version', async () => {
    stubServer();
    renderPage({ ...draft, status: 'published', publishedAt: '2026-11-21T09:00:00.000Z', usedBy: 2 });
    const editor = await schemaEditor();
    expect(editor.readOnly).toBe(true);
    expect(screen.getByTestId('published-note').textContent).toContain('Published versions are immutable');
    expect(screen.getByTestId('new-version')).toBeTruthy();
    expect(screen.queryByTestId('save-sheet')).toBeNull();
    expect(screen.getByTestId('sheet-header').textContent).toContain('used by 2 projects with saved answers');
    await within(screen.getByTestId('sheet-preview')).findByText('Project data');
  });
});
