// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TaskListPage from '../../../src/resources/tasks/TaskList';
import { PAGE_SIZE_STORAGE_KEY, type Task } from '../../../src/domain/tasks';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const task = (index: number, overrides: Partial<Task> = {}): Task => ({
  id: 100 + index,
  projectUnitID: 100 + index,
  rootProjectUnitID: 1,
  projectUnitNo: `NS-DE-2030-0001-${String(index).padStart(2, '0')}`,
  rootUnitTitle: 'Wohnpark Weserblick',
  parentUnitTitle: 'Haus A',
  unitTitle: `Lot ${index}`,
  projectUnitType: 'approvallot',
  stateKey: 'ReviewPreliminaryDrawings',
  taskKey: 'ReviewDrawings',
  changedOn: new Date(Date.now() - index * 3_600_000).toISOString(),
  tenantID: 1,
  salesOrgID: 1,
  delayed: false,
  ...overrides,
});

/** The server: answers the requested range of `tasks` with the total in Content-Range, as `GET /api/tasks` does. */
function stubTasks(tasks: Task[]) {
  const fetch = vi.fn((url: string) => {
    const params = new URL(url, 'http://portal').searchParams;
    const [start, end] = JSON.parse(params.get('range') ?? '[0,24]') as [number, number];
    const q = ((JSON.parse(params.get('filter') ?? '{}') as { q?: string }).q ?? '').toLowerCase();
    const matches = tasks.filter((task) => [task.projectUnitNo, task.unitTitle, task.rootUnitTitle].some((text) => text.toLowerCase().includes(q)));
    const page = matches.slice(start, end + 1);
    const headers = { 'content-type': 'application/json', 'content-range': `tasks ${start}-${page.length ? start + page.length - 1 : start}/${matches.length}` };
    return Promise.resolve(new Response(JSON.stringify(page), { status: 200, headers }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** What the page asked the server for. */
function requested(fetch: ReturnType<typeof stubTasks>, call: number) {
  const url = new URL(String((fetch.mock.calls[call] as unknown[])[0]), 'http://portal');
  return { path: url.pathname, range: JSON.parse(url.searchParams.get('range')!), sort: JSON.parse(url.searchParams.get('sort')!), filter: JSON.parse(url.searchParams.get('filter') ?? '{}') };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/home/app/task-list']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <TaskListPage />
        <Location />
      </AdminContext>
    </MemoryRouter>,
  );
}

const rows = () => screen.queryAllByTestId('task-row');
const location = () => screen.getByTestId('location').textContent;

function swipe(element: HTMLElement, dx: number, pointerType = 'touch') {
  fireEvent.pointerDown(element, { pointerId: 1, pointerType, isPrimary: true, clientX: 200, clientY: 100 });
  fireEvent.pointerUp(element, { pointerId: 1, pointerType, isPrimary: true, clientX: 200 + dx, clientY: 104 });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('My Tasks', () => {
  it('pages 20 at a time; swiping left and right turns the page, a mouse drag does not', async () => {
    const fetch = stubTasks(Array.from({ length: 25 }, (_, index) => task(index + 1)));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(20));
    // Only the page shown is loaded, in the server's order.
    expect(requested(fetch, 0)).toEqual({ path: '/api/tasks', range: [0, 19], sort: ['changedOn', 'DESC'], filter: {} });
    expect(screen.getByText('1-20 of 25')).toBeTruthy();
    expect(screen.getByTestId('task-count').textContent).toContain('25 open tasks');

    const list = screen.getByTestId('task-list');
    swipe(list, -120, 'mouse');
    expect(rows()).toHaveLength(20);
    swipe(list, -30);
    expect(rows()).toHaveLength(20);
    await act(async () => swipe(list, -120));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(requested(fetch, fetch.mock.calls.length - 1)).toEqual({ path: '/api/tasks', range: [20, 39], sort: ['changedOn', 'DESC'], filter: {} });
    expect(screen.getByText('21-25 of 25')).toBeTruthy();
    expect(location()).toBe('/home/app/task-list?page=1');
    // No page after the last one.
    await act(async () => swipe(list, -120));
    expect(rows()).toHaveLength(5);
    await act(async () => swipe(list, 120));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(location()).toBe('/home/app/task-list');
  });

  it('remembers the page size shared with the project lists', async () => {
    window.localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '10');
    stubTasks(Array.from({ length: 25 }, (_, index) => task(index + 1)));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(window.localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('50');
  });

  it('shows the columns; a row opens the unit, a root task the project', async () => {
    stubTasks([task(1, { delayed: true }), task(2, { id: 1, projectUnitID: 1, parentUnitTitle: null, unitTitle: 'Wohnpark Weserblick', stateKey: 'Structuring', taskKey: 'Structuring', projectUnitType: 'project' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [lot, root] = rows();
    expect(within(lot).getByText('NS-DE-2030-0001-01')).toBeTruthy();
    expect(within(lot).getByText('Haus A')).toBeTruthy();
    expect(within(lot).getByText('Review preliminary drawings')).toBeTruthy();
    expect(within(lot).getByText('Review drawings')).toBeTruthy();
    expect(within(lot).getByTestId('task-delayed').textContent).toBe('Delayed');
    expect(within(root).queryByTestId('task-delayed')).toBeNull();
    expect(within(root).getByText('Whole project')).toBeTruthy();
    fireEvent.click(within(lot).getByText('Lot 1'));
    expect(location()).toBe('/home/app/project/details/1/101');
    fireEvent.click(within(root).getByText('Whole project'));
    expect(location()).toBe('/home/app/project/details/1');
  });

  it('the info icon and the state link open the task dialog without leaving the page', async () => {
    stubTasks([task(1, { taskKey: 'PlaceOrder', stateKey: 'PlaceOrder', unitTitle: 'Stürze Haus A', projectUnitType: 'lintelorderlot' }), task(2, { taskKey: 'SomethingNew', stateKey: 'NewState' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [order, unknown] = rows();
    fireEvent.click(within(order).getByTestId('task-info'));
    const dialog = await screen.findByRole('dialog');
    expect(location()).toBe('/home/app/task-list');
    expect(within(dialog).getByText('Place the order')).toBeTruthy();
    expect(within(dialog).getByText('What to do')).toBeTruthy();
    expect(dialog.textContent).toContain('Fill in the order table');
    expect(dialog.textContent).toContain('the order table becomes read-only');
    expect(dialog.textContent).toContain('Wohnpark Weserblick');
    expect(dialog.textContent).toContain('NS-DE-2030-0001-01 · Haus A › Stürze Haus A');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A key the translations do not know: the key as title, a generic description; the state shows its key.
    fireEvent.click(within(unknown).getByTestId('task-state'));
    const generic = await screen.findByRole('dialog');
    expect(within(generic).getByText('SomethingNew')).toBeTruthy();
    expect(generic.textContent).toContain("This task is a step of the project's workflow.");
    expect(location()).toBe('/home/app/task-list');
    fireEvent.click(within(generic).getByRole('button', { name: 'Go to project' }));
    expect(location()).toBe('/home/app/project/details/1/102');
  });

  it('searches on the server, from the first page, and keeps the search in the address', async () => {
    const fetch = stubTasks(Array.from({ length: 25 }, (_, index) => task(index + 1)));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await act(async () => swipe(screen.getByTestId('task-list'), -120));
    await waitFor(() => expect(location()).toBe('/home/app/task-list?page=1'));
    fireEvent.change(screen.getByTestId('task-search'), { target: { value: 'Lot 2' } });
    // Lot 2 and Lot 20–25.
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(requested(fetch, fetch.mock.calls.length - 1)).toEqual({ path: '/api/tasks', range: [0, 19], sort: ['changedOn', 'DESC'], filter: { q: 'Lot 2' } });
    expect(location()).toBe('/home/app/task-list?q=Lot+2');
    expect(screen.getByTestId('task-count').textContent).toContain('7 open tasks');

    fireEvent.change(screen.getByTestId('task-search'), { target: { value: 'Garage' } });
    await waitFor(() => expect(location()).toBe('/home/app/task-list?q=Garage'));
    const none = await screen.findByTestId('tasks-no-match');
    expect(none.textContent).toContain('None of your open tasks matches "Garage".');
    fireEvent.change(screen.getByTestId('task-search'), { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(location()).toBe('/home/app/task-list');
  });

  it('says so when there is nothing to do', async () => {
    stubTasks([]);
    renderPage();
    const empty = await screen.findByTestId('tasks-empty');
    expect(empty.textContent).toContain('No open tasks');
    expect(rows()).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Download the manual/ }).getAttribute('href')).toBe('/manuals/manual_for_reviewer_de.pdf');
  });
});
