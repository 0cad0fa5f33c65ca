// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileTreeNode, ProjectFile } from '../../../src/domain/projectFiles';
import { ProjectFilesCard } from '../../../src/resources/projects/files/ProjectFilesCard';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const file = (id: number, name: string): ProjectFile => ({
  id,
  projectFileID: id,
  projectUnitID: 1,
  name,
  size: 2048,
  contentType: 'application/pdf',
  createdAt: '2026-03-01T10:00:00.000Z',
  uploadedByID: 5,
  uploadedBy: 'Clara Kunde',
  canDelete: true,
});

// Root 1 with two files; Haus A (2) with one file and the lot Erdgeschoss (3) with one; the folder (4) with one.
const tree: FileTreeNode[] = [
  {
    projectUnitID: 1,
    title: 'Wohnpark Weserblick',
    projectUnitNo: 'NS-DE-2026-0001',
    files: [
      { projectFileID: 11, name: 'Baubeschreibung.pdf', size: 1000, selected: false },
      { projectFileID: 12, name: 'Lageplan.png', size: 5000, selected: false },
    ],
    children: [
      {
        projectUnitID: 2,
        title: 'Haus A',
        projectUnitNo: 'NS-DE-2026-0001-01',
        files: [{ projectFileID: 21, name: 'Grundriss.pdf', size: 3000, selected: false }],
        children: [{ projectUnitID: 3, title: 'Erdgeschoss', projectUnitNo: 'NS-DE-2026-0001-01-01', files: [{ projectFileID: 31, name: 'Wand.dxf', size: 10, selected: false }], children: [] }],
      },
      { projectUnitID: 4, title: 'Pläne', projectUnitNo: 'NS-DE-2026-0001-04', files: [{ projectFileID: 41, name: 'Bauzeitenplan.pdf', size: 700, selected: false }], children: [] },
    ],
  },
];

type Call = { url: string; method: string; body: unknown };
let calls: Call[];

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const body = init?.body;
      calls.push({ url, method, body: typeof body === 'string' ? JSON.parse(body) : body });
      if (url.endsWith('/api/file/1/1') && method === 'GET') return json([file(11, 'Baubeschreibung.pdf')]);
      if (url.endsWith('/api/file/projectFiles/1') && method === 'GET') return json(tree);
      if (url.endsWith('/api/file/projectFiles/1') && method === 'POST') return json({ downloadID: 'abc_DEF-123' }, 201);
      if (url.endsWith('/api/file/1/1') && method === 'POST') return json([file(13, 'Neu.pdf')], 201);
      return json({ status: 404, messages: [{ type: 'error', text: 'Not found.' }] }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCard(props: Partial<Parameters<typeof ProjectFilesCard>[0]> = {}) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ProjectFilesCard rootId={1} unitId={1} canUpload canDownloadSelected {...props} />
    </AdminContext>,
  );
}

const checkbox = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('ProjectFilesCard', () => {
  it('lists the unit’s files with a download link', async () => {
    renderCard();
    const link = await screen.findByRole('link', { name: 'Baubeschreibung.pdf' });
    expect(link.getAttribute('href')).toBe('/api/file/1/1/11/content');
    expect(screen.getByText(/2 KB/)).toBeTruthy();
  });

  it('hides the Download files button without the feature and the upload without the right', async () => {
    renderCard({ canDownloadSelected: false, canUpload: false });
    await screen.findByRole('link', { name: 'Baubeschreibung.pdf' });
    expect(screen.queryByTestId('project-files-download')).toBeNull();
    expect(screen.queryByTestId('project-files-input')).toBeNull();
  });

  it('an empty card shows its empty state and no Download files button', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json([])));
    renderCard();
    await screen.findByTestId('project-files-empty');
    expect(screen.queryByTestId('project-files-download')).toBeNull();
    expect(screen.getByTestId('project-files-input')).toBeTruthy();
  });

  it('a unit’s checkbox selects its files and descendants; the selection is posted and downloaded', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderCard();
    fireEvent.click(await screen.findByTestId('project-files-download'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Grundriss.pdf');
    expect((screen.getByTestId('download-files-submit') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(checkbox('tree-unit-2'));
    expect(checkbox('tree-file-21').checked).toBe(true);
    expect(checkbox('tree-file-31').checked).toBe(true);
    expect(checkbox('tree-unit-3').checked).toBe(true);
    expect(checkbox('tree-unit-1').getAttribute('data-indeterminate')).toBe('true');

    fireEvent.click(checkbox('tree-file-12'));
    // Unticking one file of Haus A leaves Haus A half selected.
    fireEvent.click(checkbox('tree-file-31'));
    expect(checkbox('tree-unit-2').getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(checkbox('tree-file-31'));

    await act(async () => {
      fireEvent.click(screen.getByTestId('download-files-submit'));
    });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/file\/projectFiles\/1$/);
    expect(post.body).toEqual([
      { projectUnitID: 1, fileID: 12, fileName: 'Lageplan.png' },
      { projectUnitID: 2, fileID: 21, fileName: 'Grundriss.pdf' },
      { projectUnitID: 3, fileID: 31, fileName: 'Wand.dxf' },
    ]);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe('/api/file/projectFiles/download/abc_DEF-123');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the root’s checkbox selects everything and clears everything', async () => {
    renderCard();
    fireEvent.click(await screen.findByTestId('project-files-download'));
    await screen.findByText('Wand.dxf');
    fireEvent.click(checkbox('tree-unit-1'));
    expect([11, 12, 21, 31, 41].every((id) => checkbox(`tree-file-${id}`).checked)).toBe(true);
    fireEvent.click(checkbox('tree-unit-1'));
    expect([11, 12, 21, 31, 41].some((id) => checkbox(`tree-file-${id}`).checked)).toBe(false);
    expect((screen.getByTestId('download-files-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a wrong file type in the browser and uploads the others one by one', async () => {
    renderCard();
    await screen.findByRole('link', { name: 'Baubeschreibung.pdf' });
    const input = screen.getByTestId('project-files-input') as HTMLInputElement;
    const good = new File(['%PDF-1.4'], 'Neu.pdf', { type: 'application/pdf' });
    const bad = new File(['MZ'], 'setup.exe');
    await act(async () => {
      fireEvent.change(input, { target: { files: [good, bad] } });
    });
    await waitFor(() => expect(screen.getByTestId('dialog-messages').textContent).toContain('setup.exe'));
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads).toHaveLength(1);
    expect(((uploads[0].body as FormData).get('file') as File).name).toBe('Neu.pdf');
  });
});
