// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DeliveryShow } from '../../../src/resources/webhook-deliveries/DeliveryShow';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const delivery = (status: string) => ({
  id: 7,
  endpointID: 2,
  endpointUrl: 'https://erp.example.com/hooks',
  tenantID: 1,
  eventID: 40,
  webhookId: 'msg_4f6c',
  eventType: 'order.placed',
  projectUnitID: 12,
  rootProjectUnitID: 5,
  status,
  attempts: 2,
  nextAttemptAt: null,
  deliveredAt: status === 'succeeded' ? '2026-03-01T10:00:12Z' : null,
  lastStatusCode: status === 'succeeded' ? 204 : 503,
  lastError: status === 'succeeded' ? null : 'HTTP 503',
  createdAt: '2026-03-01T10:00:00Z',
  eventCreatedAt: '2026-03-01T10:00:00Z',
  payload: { projectUnitID: 12, lines: [{ qty: 3 }] },
  attemptLog: [
    { attemptedAt: '2026-03-01T10:00:01Z', statusCode: 500, error: 'HTTP 500', durationMs: 1200 },
    { attemptedAt: '2026-03-01T10:00:12Z', statusCode: 204, error: null, durationMs: 80 },
  ],
});

function renderShow(status: string) {
  const dataProvider = {
    getOne: vi.fn(() => Promise.resolve({ data: delivery(status) })),
    redeliverWebhook: vi.fn(() => Promise.resolve({ data: delivery('pending') })),
  } as unknown as DataProvider & { redeliverWebhook: ReturnType<typeof vi.fn> };
  render(
    <MemoryRouter initialEntries={['/admin/webhook-deliveries/7/show']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/admin/webhook-deliveries/:id/show" element={<DeliveryShow />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return dataProvider;
}

describe('a webhook delivery', () => {
  it('shows status, idempotency id, every attempt and the payload, and delivers again through the data provider', async () => {
    const dataProvider = renderShow('succeeded');
    await screen.findByText('msg_4f6c');
    expect(screen.getByTestId('delivery-status').textContent).toBe('Delivered');
    const log = screen.getByTestId('attempt-log');
    expect(within(log).getByText('HTTP 500')).toBeTruthy();
    expect(within(log).getByText('HTTP 204')).toBeTruthy();
    expect(within(log).getByText('1,200 ms')).toBeTruthy();
    expect(screen.getByText(/"qty": 3/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deliver again' }));
    await waitFor(() => expect(dataProvider.redeliverWebhook).toHaveBeenCalledWith(7));
    await screen.findByText('The delivery goes out again with the same id.');
  });

  it('offers no re-delivery while the delivery is still pending', async () => {
    renderShow('pending');
    await screen.findByText('msg_4f6c');
    expect((screen.getByRole('button', { name: 'Deliver again' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
