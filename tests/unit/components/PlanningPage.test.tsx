// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PlanningPage from '../../../src/resources/projects/planning/PlanningPage';
import type { PlanningData, PlanningUnit } from '../../../src/domain/assignments';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const unit = (id: number, title: string, depth: number, extra: Partial<PlanningUnit> = {}): PlanningUnit => ({
  projectUnitID: id,
  projectUnitNo: `NS-DE-2030-0003${'-01'.repeat(depth)}`,
  title,
  projectUnitType: depth === 0 ? 'project' : depth === 1 ? 'subproject' : 'approvallot',
  depth,
  productTypeID: null,
  plantID: null,
  orderNumber: '',
  preliminaryDays: 15,
  version: 2,
  ...extra,
});

const DATA: PlanningData = {
  canEdit: true,
  units: [unit(5, 'Gewerbehof Nord', 0), unit(6, 'Halle 1', 1), unit(7, 'Außenwände Halle 1', 2), unit(8, 'Innenwände Halle 1', 2, { orderNumber: 'X-1', version: 4 })],
  productTypes: [
    { id: 1, title: 'Planelemente', bgColor: '#1565c0', textColor: '#ffffff' },
    { id: 2, title: 'Stürze', bgColor: '#ef6c00', textColor: '#ffffff' },
  ],
  plants: [
    { id: 11, name: 'Werk Bremen' },
    { id: 12, name: 'Werk Hannover' },
  ],
};

const CONTEXT = { root: { id: 5, projectUnitNo: 'NS-DE-2030-0003', title: 'Gewerbehof Nord' }, unit: { id: 5 }, can: { assign: { allowed: true } } };
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function stubApi(put: (body: { rows: unknown[] }) => Promise<Response>, data: PlanningData = DATA) {
  const calls = { gets: 0, puts: [] as unknown[] };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/planning/5' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        calls.puts.push(body);
        return put(body);
      }
      if (path === '/api/planning/5') {
        calls.gets++;
        return json(data);
      }
      if (path === '/api/data/planxchange/projects/5/context') return json(CONTEXT);
      return json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404);
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/home/app/project/planning/5']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/project/planning/:rootId" element={<PlanningPage />} />
          <Route path="/home/app/project/details/:rootId" element={<div>details page</div>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const row = (title: string) => screen.getAllByTestId('planning-row').find((element) => element.dataset.unitTitle === title)!;
const checkbox = (title: string) => within(row(title)).getByRole('checkbox');
const orderNumber = (title: string) => within(row(title)).getByTestId('row-order-number') as HTMLInputElement;

/** Opens an MUI select and picks the option with that text. */
function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(within(screen.getByRole('listbox')).getByText(option));
}

afterEach(() => vi.unstubAllGlobals());

describe('PlanningPage', () => {
  it('lists the units indented by depth with their preliminary days', async () => {
    stubApi(() => json(DATA));
    renderPage();
    await screen.findByText('Außenwände Halle 1');
    expect(screen.getAllByTestId('planning-row').map((element) => element.dataset.unitTitle)).toEqual(['Gewerbehof Nord', 'Halle 1', 'Außenwände Halle 1', 'Innenwände Halle 1']);
    expect(within(row('Halle 1')).getByTestId('row-preliminary-days').textContent).toBe('15 days');
    expect(screen.getByText('Select units to give several of them the same product type and plant at once.')).toBeTruthy();
    expect(screen.getByTestId('planning-save')).toHaveProperty('disabled', true);
  });

  it('applies product type and plant to the selected units and saves the changed rows in one call', async () => {
    const calls = stubApi(() => json({ ...DATA, units: DATA.units.map((entry) => ({ ...entry, productTypeID: 1, plantID: 11, preliminaryDays: 10, version: entry.version + 1 })) }));
    renderPage();
    await screen.findByText('Außenwände Halle 1');
    for (const title of ['Halle 1', 'Außenwände Halle 1', 'Innenwände Halle 1']) fireEvent.click(checkbox(title));
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByText('3 units selected')).toBeTruthy();
    choose(screen.getByTestId('bulk-product-type'), 'Planelemente');
    choose(screen.getByTestId('bulk-plant'), 'Werk Bremen');
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to 3 selected units' }));
    fireEvent.change(orderNumber('Außenwände Halle 1'), { target: { value: ' GN-4711 ' } });
    expect(screen.getByTestId('planning-changes').textContent).toBe('3 units changed, not saved yet');
    fireEvent.click(screen.getByTestId('planning-save'));
    await screen.findByText('Assignments of 3 units saved');
    expect(calls.puts).toEqual([
      {
        rows: [
          { projectUnitID: 6, productTypeID: 1, plantID: 11, orderNumber: '', version: 2 },
          { projectUnitID: 7, productTypeID: 1, plantID: 11, orderNumber: 'GN-4711', version: 2 },
          { projectUnitID: 8, productTypeID: 1, plantID: 11, orderNumber: 'X-1', version: 4 },
        ],
      },
    ]);
    // The answer is the screen as it is now: the new preliminary days, nothing left to save.
    await waitFor(() => expect(within(row('Halle 1')).getByTestId('row-preliminary-days').textContent).toBe('10 days'));
    expect(screen.getByTestId('planning-changes').textContent).toBe('No changes');
  });

  it('checks the order number while typing and blocks Save', async () => {
    stubApi(() => json(DATA));
    renderPage();
    await screen.findByText('Außenwände Halle 1');
    fireEvent.change(orderNumber('Halle 1'), { target: { value: 'A;B=C' } });
    expect(within(row('Halle 1')).getByText('Use letters, digits, spaces and - _ / only.')).toBeTruthy();
    expect(screen.getByTestId('planning-save')).toHaveProperty('disabled', true);
  });

  it('shows field messages of a refused save at the row they name', async () => {
    stubApi(() => json({ status: 400, messages: [{ type: 'error', text: 'Plant 99 does not belong to this project’s manufacturer.', reference: 'rows.0.plantID' }] }, 400));
    renderPage();
    await screen.findByText('Außenwände Halle 1');
    choose(within(row('Innenwände Halle 1')).getByTestId('row-plant'), 'Werk Hannover');
    fireEvent.click(screen.getByTestId('planning-save'));
    await within(row('Innenwände Halle 1')).findByText('Plant 99 does not belong to this project’s manufacturer.');
    expect(screen.getByTestId('planning-problem').textContent).toContain('Some rows could not be saved');
  });

  it('on 409 says so, drops the typed values and loads the current ones', async () => {
    const text = 'Someone else changed Halle 1 in the meantime.';
    const calls = stubApi(() => json({ status: 409, messages: [{ type: 'error', text, key: 'PLANNING.Errors.Changed' }] }, 409));
    renderPage();
    await screen.findByText('Außenwände Halle 1');
    fireEvent.change(orderNumber('Halle 1'), { target: { value: 'N-1' } });
    fireEvent.click(screen.getByTestId('planning-save'));
    await screen.findByText(text);
    await waitFor(() => expect(calls.gets).toBe(2));
    expect(orderNumber('Halle 1').value).toBe('');
  });

  it('is read-only for users who do not plan the project', async () => {
    stubApi(() => json(DATA), { ...DATA, canEdit: false });
    renderPage();
    await screen.findByTestId('planning-read-only');
    expect(screen.queryByTestId('planning-save')).toBeNull();
    expect(orderNumber('Halle 1').disabled).toBe(true);
  });
});
