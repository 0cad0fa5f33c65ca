// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AacOrderPage from '../../../src/resources/projects/orders/aac/AacOrderPage';
import type { AacOrderItem } from '../../../src/domain/orders';
import { aacItem, aacOrder } from '../orderFixtures';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');
const CONFLICT = 'Someone else changed this row meanwhile. The table shows the current rows.';

/** The order API of the contract, kept in memory. */
function stubApi(initial: AacOrderItem[], options: { editable?: boolean; hold?: boolean } = {}) {
  const store = { items: [...initial], editable: options.editable ?? true, nextId: 100, posts: [] as unknown[], puts: [] as unknown[] };
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const conflict = () => json({ status: 409, messages: [{ type: 'error', key: 'ORDERS.Errors.Conflict', text: CONFLICT }] }, 409);
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const itemId = Number(url.pathname.split('/')[5]);
    if (url.pathname === '/api/orders/40' && method === 'GET') {
      if (options.hold) return new Promise<Response>(() => undefined);
      const items = [...store.items].sort((a, b) => a.itemIndex - b.itemIndex);
      return json(aacOrder(items, { editable: store.editable, placeOrder: store.editable ? aacOrder([]).placeOrder : null, lot: { ...aacOrder([]).lot, stateKey: store.editable ? 'PlaceOrder' : 'Ordered' } }));
    }
    if (url.pathname === '/api/orders/40/items' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      store.posts.push(body);
      const item = aacItem(store.nextId++, body.itemIndex, { ...body, version: 1 });
      store.items.push(item);
      return json(item, 201);
    }
    if (url.pathname.startsWith('/api/orders/40/items/') && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      store.puts.push(body);
      const index = store.items.findIndex((item) => item.id === itemId);
      if (index < 0 || store.items[index].version !== body.version) return conflict();
      store.items[index] = { ...store.items[index], ...body, version: body.version + 1 };
      return json(store.items[index]);
    }
    if (url.pathname.startsWith('/api/orders/40/items/') && method === 'DELETE') {
      const index = store.items.findIndex((item) => item.id === itemId);
      if (index < 0 || store.items[index].version !== Number(url.searchParams.get('version'))) return conflict();
      store.items.splice(index, 1);
      return json(null, 204);
    }
    if (url.pathname === '/api/data/planxchange/projectunitstates/40' && method === 'PUT') {
      store.editable = false;
      return json({ stateKey: 'Ordered' });
    }
    return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return store;
}

function renderPage(path = '/home/app/project/aac-order/4/40') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/project/aac-order/:rootId/:unitId" element={<AacOrderPage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByTestId('aac-row');
const cell = (row: HTMLElement, label: string) => within(row).getByLabelText(label) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AacOrderPage', () => {
  it('shows exactly two skeleton rows while loading', async () => {
    stubApi([], { hold: true });
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('order-skeleton-row')).toHaveLength(2));
  });

  it('shows delete on clean rows and the save check only on dirty, valid rows', async () => {
    stubApi([aacItem(1, 1), aacItem(2, 2, { sublotName: 'Klasse 2', qty: 4 })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, , fresh] = rows();
    expect(first.dataset.status).toBe('clean');
    expect(within(first).getByTestId('row-delete')).toBeTruthy();
    expect(within(first).queryByTestId('row-save')).toBeNull();
    // The new row: no delete (not saved), no save (untouched, quantity missing).
    expect(fresh.dataset.status).toBe('new');
    expect(within(fresh).queryByTestId('row-delete')).toBeNull();
    expect(within(fresh).queryByTestId('row-save')).toBeNull();

    type(cell(first, 'Qty'), '12');
    expect(rows()[0].dataset.status).toBe('dirty');
    expect(within(rows()[0]).getByTestId('row-save')).toBeTruthy();
    expect(within(rows()[0]).queryByTestId('row-delete')).toBeNull();

    // Dirty but invalid: a length off the 20 mm step hides the check and says why at the cell.
    type(cell(rows()[0], 'Length (mm)'), '2510');
    expect(within(rows()[0]).queryByTestId('row-save')).toBeNull();
    expect(within(rows()[0]).getByRole('alert').textContent).toBeTruthy();
    expect(cell(rows()[0], 'Length (mm)').getAttribute('aria-invalid')).toBe('true');
  });

  it('pre-fills the new row from the last one with the next position', async () => {
    stubApi([aacItem(1, 1), aacItem(2, 2, { sublotName: 'Klasse 2', floorName: 'OG', productNo: 1, itemLength: 3.02 })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const fresh = rows()[2];
    expect(fresh.dataset.pos).toBe('3');
    expect(cell(fresh, 'Room').value).toBe('Klasse 2');
    expect(cell(fresh, 'Storey').value).toBe('OG');
    expect(cell(fresh, 'Article').value).toBe('1');
    expect(cell(fresh, 'Length (mm)').value).toBe('3020');
    expect(cell(fresh, 'Qty').value).toBe('');
  });

  it('saves the new row with Enter in its quantity, sends the length in metres and focuses the fresh row', async () => {
    const store = stubApi([]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const fresh = rows()[0];
    type(cell(fresh, 'Room'), 'Aula');
    type(cell(fresh, 'Storey'), 'EG');
    type(cell(fresh, 'Length (mm)'), '2480');
    type(cell(fresh, 'Qty'), '7');
    fireEvent.keyDown(cell(fresh, 'Qty'), { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(store.posts).toEqual([{ itemIndex: 1, sublotName: 'Aula', floorName: 'EG', productNo: 0, itemLength: 2.48, qty: 7 }]);
    await waitFor(() => expect(document.activeElement).toBe(cell(rows()[1], 'Room')));
    expect(rows()[0].dataset.status).toBe('clean');
    expect(cell(rows()[1], 'Room').value).toBe('Aula');
    expect(rows()[1].dataset.pos).toBe('2');
  });

  it('updates the totals per keystroke and shows the small-volume box below 28 pallets', async () => {
    stubApi([aacItem(1, 1, { qty: 10 })]);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('total-pallets').textContent).toBe('1'));
    expect(screen.getByTestId('small-volume')).toBeTruthy();
    expect(screen.getByTestId('total-area').textContent).toBe('15.63');
    // 300 pieces at 10 per pallet: 30 pallets, a full truck load.
    type(cell(rows()[0], 'Qty'), '300');
    expect(screen.getByTestId('total-pallets').textContent).toBe('30');
    expect(screen.queryByTestId('small-volume')).toBeNull();
    expect(within(rows()[0]).getByTestId('row-pallets').textContent).toBe('30');
  });

  it('keeps place order disabled while a row is changed', async () => {
    stubApi([aacItem(1, 1)]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((screen.getByTestId('place-order') as HTMLButtonElement).disabled).toBe(false);
    type(cell(rows()[0], 'Qty'), '11');
    expect((screen.getByTestId('place-order') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rows()[0]).getByTestId('row-revert'));
    expect((screen.getByTestId('place-order') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the conflict message and reloads the current rows instead of overwriting', async () => {
    const store = stubApi([aacItem(1, 1, { qty: 10 })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Someone else saved the row meanwhile.
    store.items[0] = { ...store.items[0], qty: 20, version: 2 };
    type(cell(rows()[0], 'Qty'), '15');
    fireEvent.click(within(rows()[0]).getByTestId('row-save'));
    await screen.findByText(CONFLICT);
    await waitFor(() => expect(cell(rows()[0], 'Qty').value).toBe('20'));
    expect(rows()[0].dataset.status).toBe('clean');
    expect(store.puts).toEqual([{ itemIndex: 1, sublotName: 'Klasse 1', floorName: 'EG', productNo: 0, itemLength: 2.5, qty: 15, version: 1 }]);
  });

  it('places the order after confirming and then shows the table read-only', async () => {
    stubApi([aacItem(1, 1), aacItem(2, 2, { qty: 0 })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('place-order'));
    await act(async () => fireEvent.click(await screen.findByTestId('place-order-confirm')));
    await screen.findByTestId('order-read-only');
    // Read-only: text cells, and the row with quantity 0 is hidden.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('place-order')).toBeNull();
    expect(screen.getByTestId('order-state').textContent).toBe('Ordered');
  });
});
