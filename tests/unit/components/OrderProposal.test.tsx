// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AacOrderPage from '../../../src/resources/projects/orders/aac/AacOrderPage';
import type { AacProposalRow, OrderProposalAnswer } from '../../../src/domain/orderProposal';
import type { AacOrderItem } from '../../../src/domain/orders';
import { dataProvider } from '../../../src/providers/dataProvider';
import { aacItem, aacOrder } from '../orderFixtures';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const row = (key: string, room: string, productNo: number, itemLength: number, qty: number): AacProposalRow => ({ key, wall: room, sublotName: room, floorName: 'OG', productNo, itemLength, qty, part: 'full' });
const STOREYS = [
  { id: 71, name: 'EG', walls: 8 },
  { id: 72, name: 'OG', walls: 8 },
];
const answer = (overrides: Partial<OrderProposalAnswer> = {}): OrderProposalAnswer => ({
  status: 'ready',
  kind: 'aac',
  file: { id: 5, name: 'Schule-am-Stadtpark.ifc' },
  source: 'lot',
  storeyId: null,
  walls: 3,
  storeys: STOREYS,
  rows: [row('aac-1', 'S-OG-W01', 0, 3, 39), row('aac-2', 'S-OG-W05', 1, 3, 13), row('aac-3', 'S-OG-W06', 1, 3, 13)],
  unmatched: [{ wall: 'S-OG-W09', storey: '', reason: 'ORDERS.Proposal.Reason.NotInModel', text: 'The model has no wall of this name.' }],
  ...overrides,
});

/** The order API in memory, with the proposal answering `proposals` in turn (the last one repeats). */
function stubApi(proposals: { status: number; body: unknown }[]) {
  const store = { items: [] as AacOrderItem[], posts: [] as Record<string, unknown>[], proposalUrls: [] as string[] };
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/orders/40' && method === 'GET') return json(aacOrder([...store.items]));
      if (url.pathname === '/api/orders/40/proposal') {
        store.proposalUrls.push(url.pathname + url.search);
        const next = proposals.length > 1 ? proposals.shift()! : proposals[0];
        return json(next.body, next.status);
      }
      if (url.pathname === '/api/orders/40/items' && method === 'POST') {
        const body = JSON.parse(String(init?.body));
        store.posts.push(body);
        const item = aacItem(100 + store.items.length, body.itemIndex, { ...body, version: 1 });
        store.items.push(item);
        return json(item, 201);
      }
      return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
    }),
  );
  return store;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/home/app/project/aac-order/4/40']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/project/aac-order/:rootId/:unitId" element={<AacOrderPage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

// "Save all" reads the table once more after its last save; the test may have seen the rows saved before that read
// answers (the fetch mocks answer after 40–60 ms). Let it finish before the page's fetch and the DOM go.
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  vi.unstubAllGlobals();
});

describe('Propose from model (AAC order)', () => {
  it('is offered where the table is empty; the chosen rows enter as unsaved rows and are saved through the normal path', async () => {
    const store = stubApi([{ status: 200, body: answer() }]);
    renderPage();
    const invitation = await screen.findByTestId('proposal-invitation');
    fireEvent.click(within(invitation).getByTestId('propose-from-model'));
    const dialog = await screen.findByTestId('proposal-dialog');
    await within(dialog).findByTestId('proposal-rows');
    expect(within(dialog).getByTestId('proposal-source').textContent).toBe('3 walls linked to this lot, from Schule-am-Stadtpark.ifc');
    expect(within(dialog).getAllByTestId('proposal-row').map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent))).toEqual([
      ['S-OG-W01', 'OG', 'PE 300', '3,000', '39'],
      ['S-OG-W05', 'OG', 'PE 240', '3,000', '13'],
      ['S-OG-W06', 'OG', 'PE 240', '3,000', '13'],
    ]);
    expect(within(dialog).getByTestId('proposal-unmatched').textContent).toContain('S-OG-W09The model has no wall of this name.');
    // The user leaves out the second row.
    fireEvent.click(within(dialog).getByLabelText('Take row 2'));
    fireEvent.click(within(dialog).getByTestId('proposal-take'));
    await waitFor(() => expect(screen.queryByTestId('proposal-dialog')).toBeNull());

    const rows = screen.getAllByTestId('aac-row');
    expect(rows.map((tr) => tr.getAttribute('data-status'))).toEqual(['dirty', 'dirty', 'new']);
    expect((within(rows[0]).getByLabelText('Room') as HTMLInputElement).value).toBe('S-OG-W01');
    expect((within(rows[1]).getByLabelText('Qty') as HTMLInputElement).value).toBe('13');
    expect(screen.getByTestId('total-pallets').textContent).toMatch(/5/);
    expect(screen.getByTestId('place-order').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('save-all-rows'));
    await waitFor(() => expect(store.posts).toHaveLength(2));
    expect(store.posts).toEqual([
      { itemIndex: 1, sublotName: 'S-OG-W01', floorName: 'OG', productNo: 0, itemLength: 3, qty: 39 },
      { itemIndex: 2, sublotName: 'S-OG-W06', floorName: 'OG', productNo: 1, itemLength: 3, qty: 13 },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('aac-row').map((tr) => tr.getAttribute('data-status'))).toEqual(['clean', 'clean', 'new']));
  });

  it('offers the storeys when no walls are linked to the lot, and proposes from the one chosen', async () => {
    const noWalls = { status: 422, messages: [{ type: 'error', key: 'ORDERS.Proposal.NoWalls', code: 'NoWalls', text: 'No walls of the model are linked to this lot.' }], storeys: STOREYS };
    const store = stubApi([
      { status: 422, body: noWalls },
      { status: 200, body: answer({ source: 'storey', storeyId: 72, walls: 8 }) },
    ]);
    renderPage();
    fireEvent.click(await screen.findByTestId('propose-from-model'));
    const dialog = await screen.findByTestId('proposal-dialog');
    expect((await within(dialog).findByTestId('proposal-no-walls')).textContent).toBe('No walls of the model are linked to this lot.');
    expect(within(dialog).getByTestId('proposal-take').hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'OG (8 walls)' }));
    expect((await within(dialog).findByTestId('proposal-source')).textContent).toBe('8 walls of storey OG, from Schule-am-Stadtpark.ifc');
    expect(store.proposalUrls).toEqual(['/api/orders/40/proposal', '/api/orders/40/proposal?storey=72']);
    expect(within(dialog).getByTestId('proposal-take').textContent).toBe('Take 3 rows');
  });

  it('shows why there is no proposal (no model)', async () => {
    stubApi([{ status: 404, body: { status: 404, messages: [{ type: 'error', key: 'ORDERS.Proposal.NoModel', text: 'There is no IFC model for this lot.' }] } }]);
    renderPage();
    fireEvent.click(await screen.findByTestId('propose-from-model'));
    expect((await screen.findByTestId('proposal-error')).textContent).toBe('There is no IFC model for this lot.');
  });
});

describe('Propose from model (lintel order)', () => {
  it('takes the lintel rows and saves them all, while the table reloads between the saves', async () => {
    const { default: LintelOrderPage } = await import('../../../src/resources/projects/orders/lintel/LintelOrderPage');
    const { lintelCatalogue, productBy } = await import('../lintelFixtures');
    const { lintelSummary } = await import('../../../src/domain/orders');
    const products = lintelCatalogue();
    const fs115 = productBy(products, 115, 124, 1250);
    const items: import('../../../src/domain/orders').LintelOrderItem[] = [];
    const posts: Record<string, unknown>[] = [];
    const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const lintelRow = (key: string, room: string, qty: number) => ({ key, wall: room, sublotName: room, floorName: 'OG', thickness: 115, length: 1250, height: 124, productID: fs115.id, hasCut: false, lintelType: 'FS', qty, openings: ['Fenster'] });
    const proposal = answer({ kind: 'lintel', rows: [lintelRow('l-1', 'W01', 6), lintelRow('l-2', 'W02', 1), lintelRow('l-3', 'W03', 4), lintelRow('l-4', 'W04', 1)] as never, unmatched: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        if (url.pathname === '/api/orders/7' && method === 'GET') {
          // The reload answers what was saved when it was asked, a little later.
          const snapshot = [...items];
          await delay(40);
          return json({ lot: { projectUnitID: 7, rootProjectUnitID: 5, projectUnitNo: 'X', title: 'Stürze', parentTitle: '', stateKey: 'PlaceOrder', kind: 'lintel', version: 3 }, editable: true, editReason: null, placeOrder: null, products, items: snapshot, summary: lintelSummary(snapshot, products) });
        }
        if (url.pathname === '/api/orders/7/proposal') return json(proposal);
        if (url.pathname === '/api/orders/7/items' && method === 'POST') {
          const body = JSON.parse(String(init?.body));
          posts.push(body);
          const item = { ...body, id: 200 + items.length, lintelOrderLotItemID: 200 + items.length, projectUnitID: 7, hasCut: false, lintelType: 'FS', version: 1 };
          items.push(item);
          await delay(60);
          return json(item, 201);
        }
        return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
      }),
    );
    render(
      <MemoryRouter initialEntries={['/home/app/project/lintel-order/5/7']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/home/app/project/lintel-order/:rootId/:unitId" element={<LintelOrderPage />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('propose-from-model'));
    const dialog = await screen.findByTestId('proposal-dialog');
    await within(dialog).findByTestId('proposal-rows');
    expect(within(dialog).getAllByTestId('proposal-row')[0].textContent).toContain('Fenster');
    fireEvent.click(within(dialog).getByTestId('proposal-take'));
    const states = () => screen.getAllByTestId('lintel-row').map((row) => row.getAttribute('data-state'));
    await waitFor(() => expect(states()).toEqual(['dirty', 'dirty', 'dirty', 'dirty', 'new']));
    fireEvent.click(screen.getByTestId('save-all-rows'));
    await waitFor(() => expect(posts).toHaveLength(4), { timeout: 5000 });
    await waitFor(() => expect(states()).toEqual(['clean', 'clean', 'clean', 'clean', 'new']), { timeout: 5000 });
    expect(posts.map((post) => [post.itemIndex, post.sublotName, post.thickness, post.length, post.height, post.productID, post.qty])).toEqual([
      [1, 'W01', 115, 1250, 124, fs115.id, 6],
      [2, 'W02', 115, 1250, 124, fs115.id, 1],
      [3, 'W03', 115, 1250, 124, fs115.id, 4],
      [4, 'W04', 115, 1250, 124, fs115.id, 1],
    ]);
  });
});
