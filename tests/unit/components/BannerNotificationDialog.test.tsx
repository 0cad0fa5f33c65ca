// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BannerNotificationDialog } from '../../../src/resources/banner-notifications/BannerNotificationDialog';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const salesOrgs = [
  { id: 1, salesOrgKey: 'NS-DE', title: 'Nordstein Vertrieb Deutschland' },
  { id: 2, salesOrgKey: 'CB-NL', title: 'Calcon Verkoop Nederland' },
];

function fakeDataProvider(overrides: Partial<DataProvider> = {}): DataProvider {
  const unused = vi.fn(() => Promise.reject(new Error('not used')));
  return {
    getList: unused,
    getOne: vi.fn(() =>
      Promise.resolve({
        data: { id: 7, notificationID: 7, title: 'Old title', text: 'Body', level: 'info', showFrom: '2026-11-21T10:00:00.000Z', showUntil: '2026-11-22T10:00:00.000Z', salesOrgs: [1] },
      }),
    ),
    getMany: unused,
    getManyReference: unused,
    create: vi.fn((_resource, params) => Promise.resolve({ data: { id: 9, ...params.data } })),
    update: vi.fn((_resource, params) => Promise.resolve({ data: { ...params.previousData, ...params.data } })),
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
    // The sales organisations a banner can address: a custom method of the portal's provider.
    getBannerSalesOrgs: vi.fn(() => Promise.resolve(salesOrgs)),
    ...overrides,
  } as DataProvider;
}

function renderDialog(dataProvider: DataProvider, mode: { kind: 'create' } | { kind: 'edit'; id: string }, onClose = vi.fn()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <BannerNotificationDialog mode={mode} onClose={onClose} />
    </AdminContext>,
  );
  return onClose;
}

afterEach(() => vi.unstubAllGlobals());

describe('BannerNotificationDialog', () => {
  it('starts with the defaults and keeps Add disabled until the form is valid', async () => {
    renderDialog(fakeDataProvider(), { kind: 'create' });
    await screen.findByText('Add banner notification');
    expect(screen.getByTestId('banner-submit')).toHaveProperty('disabled', true);
    expect((screen.getByLabelText(/Show from/) as HTMLInputElement).value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });

  it('sends only the changed field on edit and closes', async () => {
    const dataProvider = fakeDataProvider();
    const onClose = renderDialog(dataProvider, { kind: 'edit', id: '7' });
    const title = (await screen.findByDisplayValue('Old title')) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'New title' } });
    await waitFor(() => expect(screen.getByTestId('banner-submit')).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(screen.getByTestId('banner-submit'));
    });
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
    const [resource, params] = (dataProvider.update as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(resource).toBe('admin/banner-notifications');
    expect(params.data.title).toBe('New title');
    expect(params.previousData.title).toBe('Old title');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server messages as a list and stays open on failure', async () => {
    const { HttpError } = await import('react-admin');
    const dataProvider = fakeDataProvider({
      update: vi.fn(() =>
        Promise.reject(
          new HttpError('x', 422, { status: 422, messages: [{ type: 'error', text: 'Unknown sales organisation: 9' }, { type: 'error', text: 'Second problem' }] }),
        ),
      ),
    });
    const onClose = renderDialog(dataProvider, { kind: 'edit', id: '7' });
    const title = await screen.findByDisplayValue('Old title');
    fireEvent.change(title, { target: { value: 'Another title' } });
    await waitFor(() => expect(screen.getByTestId('banner-submit')).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(screen.getByTestId('banner-submit'));
    });
    const messages = await screen.findByTestId('dialog-messages');
    expect(messages.querySelectorAll('li')).toHaveLength(2);
    expect(messages.textContent).toContain('Unknown sales organisation: 9');
    expect(onClose).not.toHaveBeenCalled();
  });
});
