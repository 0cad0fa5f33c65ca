// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SheetList } from '../../../src/resources/questionnaire-sheets/SheetList';
import type { SheetRow } from '../../../src/resources/questionnaire-sheets/sheets';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const row = (id: number, name: string, version: number, overrides: Partial<SheetRow> = {}): SheetRow => ({
  id,
  name,
  version,
  status: 'published',
  title: `Sheet ${name}`,
  createdAt: '2026-11-01T08:00:00.000Z',
  publishedAt: '2026-11-01T09:00:00.000Z',
  usedBy: 0,
  latest: false,
  ...overrides,
});

const rows = [
  row(1, 'xde-general', 1, { usedBy: 3 }),
  row(2, 'xde-general', 2, { latest: true }),
  row(3, 'xde-stuerze', 1, { latest: true, usedBy: 2 }),
  row(4, 'xnl-algemeen', 2, { status: 'draft', publishedAt: null, latest: true }),
];

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderList(authProvider?: AuthProvider) {
  const dataProvider = {
    getList: vi.fn(() => Promise.resolve({ data: rows, total: rows.length })),
    create: vi.fn((_resource, params) => Promise.resolve({ data: { ...row(9, params.data.name, 3, { status: 'draft', latest: true }) } })),
  } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={['/questionnaire-sheets']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        <SheetList />
        <Location />
      </AdminContext>
    </MemoryRouter>,
  );
  return dataProvider;
}

describe('the questionnaire sheet list', () => {
  it('shows versions with status, use and the latest marker; New version only on a latest published version', async () => {
    const dataProvider = renderList();
    const list = await screen.findByTestId('sheet-list', {}, { timeout: 5000 });
    await within(list).findByText('xnl-algemeen');
    const bodyRows = list.querySelectorAll('tbody tr');
    expect(bodyRows).toHaveLength(4);
    expect(bodyRows[0].textContent).toContain('v1');
    expect(bodyRows[0].textContent).toContain('Published');
    expect(bodyRows[0].textContent).toContain('3');
    expect(bodyRows[2].textContent).toContain('2');
    expect(bodyRows[3].textContent).toContain('Draft');
    expect(within(list).getAllByTestId('sheet-latest')).toHaveLength(3);
    expect(within(bodyRows[0] as HTMLElement).queryByTestId('new-version')).toBeNull();
    expect(within(bodyRows[3] as HTMLElement).queryByTestId('new-version')).toBeNull();
    expect(within(list).getAllByTestId('new-version')).toHaveLength(2);

    await act(async () => {
      fireEvent.click(within(bodyRows[1] as HTMLElement).getByTestId('new-version'));
    });
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledWith('questionnaire-sheets', expect.objectContaining({ data: { name: 'xde-general' } })));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/questionnaire-sheets/9'));
  });

  it('shows everyone but configurers the access-denied page and asks the API nothing', async () => {
    const refuse = vi.fn(() => Promise.resolve(false));
    const dataProvider = renderList({
      login: () => Promise.resolve(),
      logout: () => Promise.resolve(),
      checkAuth: () => Promise.resolve(),
      checkError: () => Promise.resolve(),
      canAccess: refuse,
    });
    await screen.findByText('Access denied');
    expect(refuse).toHaveBeenCalledWith(expect.objectContaining({ resource: 'questionnaire-sheets', action: 'list' }));
    expect(dataProvider.getList).not.toHaveBeenCalled();
    expect(screen.queryByTestId('sheet-list')).toBeNull();
  });
});
