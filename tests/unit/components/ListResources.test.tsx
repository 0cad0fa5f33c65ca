// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PreliminaryDaysRecord } from '../../../src/domain/preliminaryDays';
import type { ProjectSearchRecord } from '../../../src/domain/search';
import { BannerNotificationList } from '../../../src/resources/banner-notifications/BannerNotificationList';
import PreliminaryDaysList from '../../../src/resources/preliminary-days/PreliminaryDaysList';
import SearchList from '../../../src/resources/search/SearchList';
import TaskList from '../../../src/resources/tasks/TaskList';
import { callsOf, fakeDataProvider, renderRoutes, signedIn } from './resourceTestKit';

const searchRow = (id: number, title: string): ProjectSearchRecord => ({
  id,
  projectUnitID: id,
  rootProjectUnitID: 5,
  title,
  projectUnitNo: `NS-DE-2026-0002-0${id}`,
  projectUnitType: 'approvallot',
  productType: 'Planelemente',
  productTypeID: 3,
  productTypeBGColor: '#1565c0',
  productTypeTextColor: '#ffffff',
  plant: 'Werk Bremen',
  plantID: 2,
  orderNumber: `4500${id}`,
  rootTitle: 'Schule am Stadtpark',
  parentTitle: id === 7 ? 'Wandelemente Klassentrakt' : null,
});

const days = (id: number, plantName: string, productTypeTitle: string, preliminaryDays: number): PreliminaryDaysRecord => ({
  id,
  productPlantPreliminaryDaysID: id,
  tenantID: 1,
  plantID: id,
  plantName,
  productTypeID: id,
  productTypeTitle,
  preliminaryDays,
});

describe('the project search resource', () => {
  it('lists the matches of the search text with the API’s columns; a row opens its unit', async () => {
    const dataProvider = fakeDataProvider({
      getSearchAvailability: () => Promise.resolve(true),
      getList: (_resource: string, params: { filter: { q?: string } }) =>
        Promise.resolve(params.filter.q ? { data: [searchRow(7, 'Bauabschnitt 1')], total: 1 } : { data: [searchRow(7, 'Bauabschnitt 1'), searchRow(8, 'Bauabschnitt 2')], total: 2 }),
    });
    renderRoutes('/home/app/project/search', <Route path="/home/app/project/search" element={<SearchList />} />, dataProvider, signedIn());
    await screen.findByText('Bauabschnitt 2');
    expect(callsOf(dataProvider, 'getList')[0].slice(0, 2)).toEqual(['project/search', expect.objectContaining({ sort: { field: 'projectUnitNo', order: 'ASC' }, pagination: { page: 1, perPage: 20 } })]);
    fireEvent.change(screen.getByPlaceholderText('Name, number or order number'), { target: { value: '4500' } });
    await waitFor(() => expect(screen.queryByText('Bauabschnitt 2')).toBeNull());
    expect(callsOf(dataProvider, 'getList').at(-1)?.[1].filter).toEqual({ q: '4500' });
    expect(screen.getByText('Werk Bremen (2)')).toBeTruthy();
    // Each match names where it sits: its project, and its parent below the project.
    expect(screen.getByText('Schule am Stadtpark › Wandelemente Klassentrakt')).toBeTruthy();
    fireEvent.click(screen.getByText('Bauabschnitt 1'));
    expect(screen.getByTestId('location').textContent).toBe('/home/app/project/details/5/7');
  });

  it('says so when no tenant of the user offers the search, without listing', async () => {
    const dataProvider = fakeDataProvider({ getSearchAvailability: () => Promise.resolve(false) });
    renderRoutes('/home/app/project/search', <Route path="/home/app/project/search" element={<SearchList />} />, dataProvider, signedIn());
    await screen.findByText('Project search not available');
    expect(callsOf(dataProvider, 'getList')).toHaveLength(0);
  });
});

describe('the preliminary days resource (an editable list)', () => {
  const renderList = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
    renderRoutes('/home/app/admin/preliminary-days', <Route path="/home/app/admin/preliminary-days" element={<PreliminaryDaysList />} />, dataProvider, signedIn());
  const input = (plant: string, product: string) => screen.getByLabelText(`Preliminary days for ${plant}, ${product}`) as HTMLInputElement;
  const rows = [days(1, 'CCL Plant Leeds', 'Wall panels', 10), days(2, 'Werk Bremen', 'Planelemente', 12), days(3, 'Werk Bremen', 'Stürze', 14)];

  it('shows every row in the API’s order, highlights changed rows and saves one PUT per changed row', async () => {
    const dataProvider = fakeDataProvider({
      getList: () => Promise.resolve({ data: rows, total: rows.length }),
      update: (_resource: string, params: { id: number; data: { PreliminaryDays: number }; previousData: PreliminaryDaysRecord }) =>
        Promise.resolve({ data: { ...params.previousData, preliminaryDays: params.data.PreliminaryDays } }),
    });
    renderList(dataProvider);
    await screen.findByLabelText('Preliminary days for Werk Bremen, Stürze');
    expect([...document.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent)).toEqual(['CCL Plant Leeds', 'Werk Bremen', 'Werk Bremen']);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fireEvent.change(input('Werk Bremen', 'Planelemente'), { target: { value: '23' } });
    fireEvent.change(input('Werk Bremen', 'Stürze'), { target: { value: '0' } });
    expect(document.querySelectorAll('tbody tr[data-dirty="true"]')).toHaveLength(2);
    await screen.findByText('At least 1 day.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(input('Werk Bremen', 'Stürze'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Preliminary days saved (2 rows).');
    expect(callsOf(dataProvider, 'update').map(([resource, params]) => [resource, params.id, params.data])).toEqual([
      ['admin/preliminary-days', 2, { PreliminaryDays: 23 }],
      ['admin/preliminary-days', 3, { PreliminaryDays: 31 }],
    ]);
    await waitFor(() => expect(document.querySelectorAll('tbody tr[data-dirty="true"]')).toHaveLength(0));
    expect(input('Werk Bremen', 'Stürze').value).toBe('31');
  });

  it('keeps a refused row changed, with the server’s message', async () => {
    const dataProvider = fakeDataProvider({
      getList: () => Promise.resolve({ data: rows, total: rows.length }),
      update: () => Promise.reject(new HttpError('At most 365 days.', 400, { messages: [{ text: 'At most 365 days.' }] })),
    });
    renderList(dataProvider);
    await screen.findByLabelText('Preliminary days for CCL Plant Leeds, Wall panels');
    fireEvent.change(input('CCL Plant Leeds', 'Wall panels'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('At most 365 days.');
    expect(document.querySelectorAll('tbody tr[data-dirty="true"]')).toHaveLength(1);
    expect(input('CCL Plant Leeds', 'Wall panels').value).toBe('20');
  });
});

describe('the banner notifications resource', () => {
  it('lists the banners through the data provider, newest first, with their sales organisations', async () => {
    const banner = { id: 4, notificationID: 4, title: 'Werksferien', text: 'x', level: 'warning', showFrom: '2026-12-20T08:00:00.000Z', showUntil: '2027-01-06T08:00:00.000Z', salesOrgs: [1] };
    const dataProvider = fakeDataProvider({
      getList: () => Promise.resolve({ data: [banner], total: 1 }),
      getBannerSalesOrgs: () => Promise.resolve([{ id: 1, salesOrgKey: 'NS-DE', title: 'Nordstein Vertrieb Deutschland' }]),
    });
    renderRoutes('/home/app/admin/banner-notifications', <Route path="/home/app/admin/banner-notifications/*" element={<BannerNotificationList />} />, dataProvider, signedIn());
    const row = (await screen.findByText('Werksferien')).closest('tr')!;
    expect(callsOf(dataProvider, 'getList')[0].slice(0, 2)).toEqual(['admin/banner-notifications', expect.objectContaining({ sort: { field: 'showFrom', order: 'DESC' } })]);
    await waitFor(() => expect(within(row).getByText('NS-DE')).toBeTruthy());
  });
});

describe('the task-list resource', () => {
  it('asks the data provider for a page of the caller’s tasks and shows them', async () => {
    const task = { id: 7, projectUnitID: 7, rootProjectUnitID: 5, projectUnitNo: 'NS-DE-2026-0002-01', rootUnitTitle: 'Schule am Stadtpark', parentUnitTitle: 'Haus A', unitTitle: 'Keller', projectUnitType: 'approvallot', stateKey: 'PlaceOrder', taskKey: 'PlaceOrder', changedOn: '2026-11-20T09:00:00.000Z', tenantID: 1, salesOrgID: 1, delayed: false };
    const dataProvider = fakeDataProvider({ getList: () => Promise.resolve({ data: [task], total: 21 }) });
    renderRoutes('/home/app/task-list', <Route path="/home/app/task-list" element={<TaskList />} />, dataProvider, signedIn());
    await screen.findByText('Keller');
    expect(callsOf(dataProvider, 'getList')[0].slice(0, 2)).toEqual(['task-list', expect.objectContaining({ pagination: { page: 1, perPage: 20 } })]);
    expect(screen.getByText('1-20 of 21')).toBeTruthy();
  });
});
