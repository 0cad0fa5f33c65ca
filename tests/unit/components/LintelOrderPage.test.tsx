// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LintelOrderPage from '../../../src/resources/projects/orders/lintel/LintelOrderPage';
import type { LintelOrderData } from '../../../src/resources/projects/orders/orderQueries';
import { lintelSummary, type LintelOrderItem } from '../../../src/domain/orders';
import { lintelCatalogue, lintelItem, productBy } from '../lintelFixtures';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const products = lintelCatalogue();
const fs115 = productBy(products, 115, 124, 1000);
const ts115 = productBy(products, 115, 249, 1250);

function orderData(items: LintelOrderItem[], overrides: Partial<LintelOrderData> = {}): LintelOrderData {
  return {
    lot: { projectUnitID: 7, rootProjectUnitID: 5, projectUnitNo: 'NS-DE-2030-0002-01-01', title: 'Stürze Bauabschnitt 1', parentTitle: 'Stürze Klassentrakt', stateKey: 'PlaceOrder', kind: 'lintel', version: 3 },
    editable: true,
    editReason: null,
    placeOrder: { action: 'PlaceOrder', to: 'Ordered', requirements: [], call: 'state-update', message: 'none', secondary: false, disabledReason: null, buildsStructure: false },
    products,
    items,
    summary: lintelSummary(items, products),
    ...overrides,
  };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The order API of lot 7: GET answers `current()`, writes answer `write(method, url, body)`. */
function stubApi(current: () => LintelOrderData, write: (method: string, url: string, body: unknown) => Promise<Response> = () => json({}, 500)) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/orders/7') return json(current());
    if (method !== 'GET') return write(method, url, init?.body ? JSON.parse(String(init.body)) : undefined);
    return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(path = '/home/app/project/lintel-order/5/7') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/project/lintel-order/:rootId/:unitId" element={<LintelOrderPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByTestId('lintel-row');
const select = (testId: string, value: number | string) => fireEvent.change(screen.getByTestId(testId), { target: { value: String(value) } });
const optionValues = (testId: string) => Array.from((screen.getByTestId(testId) as HTMLSelectElement).options).map((option) => option.value).filter(Boolean);

afterEach(() => vi.unstubAllGlobals());

describe('LintelOrderPage', () => {
  it('shows skeleton rows while loading, then the rows coloured by type, a fresh row, the summary and the small-volume warning', async () => {
    stubApi(() => orderData([lintelItem(fs115, { id: 1, qty: 4 }), lintelItem(ts115, { id: 2, itemIndex: 2, qty: 3, sublotName: 'Bad' })]));
    renderPage();
    expect(screen.getAllByTestId('lintel-skeleton-row')).toHaveLength(2);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => [row.getAttribute('data-state'), row.getAttribute('data-type')])).toEqual([
      ['clean', 'FS'],
      ['clean', 'other'],
      ['new', ''],
    ]);
    // The fresh row takes room, storey and thickness from the last row.
    expect((screen.getByTestId('lintel-room-2') as HTMLInputElement).value).toBe('Bad');
    expect((screen.getByTestId('lintel-thickness-2') as HTMLSelectElement).value).toBe('115');
    expect(screen.getByTestId('lintel-legend').textContent).toContain('FS – flat lintels');
    expect(screen.getAllByTestId('lintel-summary-line')).toHaveLength(2);
    expect(screen.getByTestId('lintel-total-qty').textContent).toBe('7');
    expect(screen.getByTestId('small-volume').textContent).toContain('Small lintel volume: 2 pallets');
  });

  it('walks the cascade in the fresh row, saves it with POST and updates the summary live', async () => {
    let items = [lintelItem(fs115, { id: 1, qty: 4 })];
    const posted: unknown[] = [];
    stubApi(
      () => orderData(items),
      (method, url, body) => {
        posted.push([method, url, body]);
        const saved = lintelItem(ts115, { id: 2, itemIndex: 2, qty: 600, sublotName: 'Küche' });
        items = [...items, saved];
        return json(saved, 201);
      },
    );
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(optionValues('lintel-length-1')).toEqual(['1000', '1250', '1500']);
    select('lintel-length-1', 1250);
    expect(optionValues('lintel-height-1')).toEqual(['124', '249']);
    select('lintel-height-1', 249);
    // Height picks the exact article; the type follows from it.
    expect((screen.getByTestId('lintel-article-1') as HTMLSelectElement).value).toBe(String(ts115.id));
    expect(screen.getByTestId('lintel-type-1').textContent).toBe('Other');
    expect(screen.queryByTestId('lintel-save-1')).toBeNull();
    fireEvent.change(screen.getByTestId('lintel-qty-1'), { target: { value: '600' } });
    // Live: 600 pieces at 10 per pallet plus the first row's pallet make 61 pallets: no longer small.
    expect(screen.getByTestId('lintel-total-qty').textContent).toBe('604');
    expect(screen.queryByTestId('small-volume')).toBeNull();
    // A longer article is cut: the marker shows.
    select('lintel-article-1', productBy(products, 115, 249, 1500).id);
    expect(screen.getByTestId('lintel-type-1-cut')).toBeTruthy();
    select('lintel-article-1', ts115.id);
    expect(screen.queryByTestId('lintel-type-1-cut')).toBeNull();
    // Changing the thickness clears length, height and article.
    select('lintel-thickness-1', 175);
    expect(['lintel-length-1', 'lintel-height-1', 'lintel-article-1'].map((id) => (screen.getByTestId(id) as HTMLSelectElement).value)).toEqual(['', '', '']);
    expect(screen.queryByTestId('lintel-save-1')).toBeNull();
    select('lintel-thickness-1', 115);
    select('lintel-length-1', 1250);
    select('lintel-height-1', 249);
    fireEvent.click(screen.getByTestId('lintel-save-1'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(posted).toEqual([['POST', '/api/orders/7/items', { itemIndex: 2, sublotName: 'Küche', floorName: 'EG', thickness: 115, length: 1250, height: 249, productID: ts115.id, qty: 600 }]]);
    expect(rows().map((row) => row.getAttribute('data-state'))).toEqual(['clean', 'clean', 'new']);
  });

  it('edits a saved row with its version; a conflict shows the message and reloads the server rows', async () => {
    let items = [lintelItem(fs115, { id: 1, qty: 4, version: 2 })];
    const written: unknown[] = [];
    const fetch = stubApi(
      () => orderData(items),
      (method, url, body) => {
        written.push([method, url, body]);
        items = [lintelItem(fs115, { id: 1, qty: 9, version: 3 })];
        return json({ status: 409, messages: [{ type: 'error', key: 'ORDERS.Errors.Conflict', text: 'Someone else changed this row meanwhile.' }] }, 409);
      },
    );
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('lintel-delete-0')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lintel-qty-0'), { target: { value: '12' } });
    expect(rows()[0].getAttribute('data-state')).toBe('dirty');
    expect(screen.queryByTestId('lintel-delete-0')).toBeNull();
    fireEvent.click(screen.getByTestId('lintel-save-0'));
    await waitFor(() => expect((screen.getByTestId('lintel-qty-0') as HTMLInputElement).value).toBe('9'));
    expect(written).toEqual([['PUT', '/api/orders/7/items/1', { itemIndex: 1, sublotName: 'Küche', floorName: 'EG', thickness: 115, length: 1000, height: 124, productID: fs115.id, qty: 12, version: 2 }]]);
    expect(rows()[0].getAttribute('data-state')).toBe('clean');
    expect(fetch.mock.calls.filter(([url, init]) => url === '/api/orders/7' && !init?.method).length).toBeGreaterThanOrEqual(2);
  });

  it('is read-only without the PlaceOrder task: plain text, rows below quantity 1 hidden, the reason shown', async () => {
    stubApi(() =>
      orderData([lintelItem(fs115, { id: 1, qty: 4 }), lintelItem(ts115, { id: 2, itemIndex: 2, qty: 0 })], {
        editable: false,
        editReason: 'ORDERS.ReadOnly',
        placeOrder: null,
        lot: { projectUnitID: 7, rootProjectUnitID: 5, projectUnitNo: 'NS-1', title: 'Stürze Haus A und B', parentTitle: 'Stürze', stateKey: 'Structuring', kind: 'lintel', version: 1 },
      }),
    );
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('lintel-qty-0').textContent).toBe('4');
    expect(screen.getByTestId('order-read-only').textContent).toContain('This order table is read-only.');
    expect(screen.queryByTestId('place-order')).toBeNull();
  });

  it('answers a lot of another kind or another root as not found', async () => {
    stubApi(() => orderData([], { lot: { projectUnitID: 7, rootProjectUnitID: 6, projectUnitNo: 'X', title: 'X', parentTitle: '', stateKey: 'PlaceOrder', kind: 'lintel', version: 1 } }));
    renderPage();
    await screen.findByText('This order does not exist or you cannot see it.');
    expect(screen.queryByTestId('lintel-order-table')).toBeNull();
  });
});
