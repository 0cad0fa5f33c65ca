// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectUnit } from '../../../src/domain/projectUnits';
import projects from '../../../src/resources/projects';
import ProjectList from '../../../src/resources/projects/ProjectList';
import ProjectCreate from '../../../src/resources/projects/details/ProjectCreate';
import ProjectShow from '../../../src/resources/projects/details/ProjectShow';
import { createUnitPath } from '../../../src/resources/projects/details/projectQueries';
import { unit, unitContext } from '../viewerFixtures';
import { callsOf, fakeDataProvider, renderRoutes, signedIn } from './resourceTestKit';

const root = (id: number, title: string, stateKey = 'Structuring'): ProjectUnit =>
  unit(id, { rootProjectUnitID: id, parentProjectUnitID: null, projectUnitType: 'project', projectUnitNo: `NS-DE-2026-000${id}`, title, stateKey, stateSince: '2026-11-20T08:00:00.000Z' });

/** The details page's own cards read more; they answer "nothing" here. */
const quietCards = {
  getMembers: () => Promise.resolve([]),
  getProjectFiles: () => Promise.resolve([]),
  getModelStatus: () => Promise.resolve({ status: 'none' }),
};

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('the project resource', () => {
  it('declares the list, the show view (the details page) and the create view (the unit creation dialog)', () => {
    expect(projects.list).toBeTruthy();
    expect(projects.show).toBeTruthy();
    expect(projects.create).toBeTruthy();
    expect(projects.recordRepresentation(root(3, 'Wohnpark'))).toBe('NS-DE-2026-0003 | Wohnpark');
    expect(projects.options.menu.map((entry) => entry.to)).toEqual(['/current-projects-list', '/closed-projects-list']);
  });

  it('list: asks for the current root projects, newest state first, 20 a page, and shows them', async () => {
    const dataProvider = fakeDataProvider({ getList: () => Promise.resolve({ data: [root(3, 'Wohnpark Weserblick'), root(4, 'Schule am Stadtpark')], total: 2 }) });
    renderRoutes('/home/app/current-projects-list', <Route path="/home/app/current-projects-list" element={<ProjectList kind="current" />} />, dataProvider);
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(2));
    expect(callsOf(dataProvider, 'getList')[0].slice(0, 2)).toEqual([
      'project',
      expect.objectContaining({ pagination: { page: 1, perPage: 20 }, sort: { field: 'stateSince', order: 'DESC' }, filter: { state: 'current' } }),
    ]);
    expect(screen.getByRole('heading', { name: 'Current projects' })).toBeTruthy();
    fireEvent.click(within(screen.getAllByTestId('project-row')[1]).getByText('Schule am Stadtpark'));
    expect(location()).toBe('/home/app/project/details/4');
  });

  it('list: the closed projects, and the empty state', async () => {
    const dataProvider = fakeDataProvider({ getList: () => Promise.resolve({ data: [], total: 0 }) });
    renderRoutes('/home/app/closed-projects-list', <Route path="/home/app/closed-projects-list" element={<ProjectList kind="closed" />} />, dataProvider);
    expect((await screen.findByTestId('projects-empty')).textContent).toContain('No closed projects');
    expect(callsOf(dataProvider, 'getList')[0][1].filter).toEqual({ state: 'closed' });
  });

  it('show: reads the unit context as the record and shows the unit with its path', async () => {
    const dataProvider = fakeDataProvider({
      ...quietCards,
      getOne: (_resource: string, params: { id: number }) => Promise.resolve({ data: { ...unitContext(), id: params.id } }),
      getList: () => Promise.resolve({ data: [], total: 0 }),
    });
    renderRoutes('/home/app/project/details/5/7', <Route path="/home/app/project/details/:rootId/:unitId" element={<ProjectShow />} />, dataProvider, signedIn());
    const breadcrumb = await screen.findByRole('navigation', { name: 'breadcrumb' });
    expect(within(breadcrumb).getByText('Schule am Stadtpark')).toBeTruthy();
    expect(within(breadcrumb).getByText('Bauabschnitt 1')).toBeTruthy();
    expect(callsOf(dataProvider, 'getOne')[0].slice(0, 2)).toEqual(['project', expect.objectContaining({ id: 7, meta: { view: 'context' } })]);
  });

  it("show: react-admin's own path leads to the spec's path of the unit", async () => {
    const dataProvider = fakeDataProvider({ ...quietCards, getOne: () => Promise.resolve({ data: { ...unitContext(), id: 7 } }), getList: () => Promise.resolve({ data: [], total: 0 }) });
    renderRoutes(
      '/home/app/project/7/show',
      <>
        <Route path="/home/app/project/:id/show" element={<ProjectShow />} />
        <Route path="/home/app/project/details/:rootId/:unitId" element={<ProjectShow />} />
      </>,
      dataProvider,
      signedIn(),
    );
    await waitFor(() => expect(location()).toBe('/home/app/project/details/5/7'));
  });

  it('show: a unit that is not there, or under another root, is "not found"', async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.reject(new HttpError('Not found', 404, { messages: [] })) });
    renderRoutes('/home/app/project/details/5/99', <Route path="/home/app/project/details/:rootId/:unitId" element={<ProjectShow />} />, dataProvider, signedIn());
    await screen.findByTestId('unit-not-found');

    const elsewhere = fakeDataProvider({ ...quietCards, getOne: () => Promise.resolve({ data: { ...unitContext(), id: 7 } }) });
    renderRoutes('/home/app/project/details/6/7', <Route path="/home/app/project/details/:rootId/:unitId" element={<ProjectShow />} />, elsewhere, signedIn());
    await waitFor(() => expect(screen.getAllByTestId('unit-not-found')).toHaveLength(2));
  });

  it('create: the dialog over the parent, the title checked, the unit created with its parent and opened', async () => {
    const parent = unitContext({ create: { subproject: { allowed: true }, approvallot: { allowed: true } } }, { id: 5, projectUnitID: 5, parentProjectUnitID: null, projectUnitType: 'project', title: 'Wohnpark' });
    const context = { ...parent, unit: parent.root, path: [parent.root], allowedChildTypes: ['subproject', 'approvallot'] };
    const dataProvider = fakeDataProvider({
      ...quietCards,
      getOne: () => Promise.resolve({ data: { ...context, id: 5 } }),
      getList: () => Promise.resolve({ data: [], total: 0 }),
      isUnitTitleAvailable: () => Promise.resolve(true),
      create: (_resource: string, params: { data: Record<string, unknown> }) => Promise.resolve({ data: { ...unit(77), ...params.data, id: 77, projectUnitID: 77 } }),
    });
    renderRoutes(
      createUnitPath({ projectUnitID: 5 }),
      <>
        <Route path="/home/app/project/create" element={<ProjectCreate />} />
        <Route path="/home/app/project/details/:rootId/:unitId" element={<output data-testid="created-page" />} />
      </>,
      dataProvider,
      signedIn(),
    );
    const chooser = await screen.findByRole('dialog', { name: 'What would you like to create?' });
    fireEvent.click(within(chooser).getByTestId('type-tile-subproject'));
    const dialog = await screen.findByRole('dialog', { name: 'New Subproject' });
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Haus C' } });
    await waitFor(() => expect(dataProvider.isUnitTitleAvailable).toHaveBeenCalledWith(5, 'subproject', 'Haus C', undefined));
    await waitFor(() => expect(within(dialog).getByTestId('create-unit-save')).toHaveProperty('disabled', false));
    fireEvent.click(within(dialog).getByTestId('create-unit-save'));
    await screen.findByTestId('created-page');
    expect(callsOf(dataProvider, 'create')[0]).toEqual([
      'project',
      { data: { parentProjectUnitID: 5, rootProjectUnitID: 5, projectUnitType: 'subproject', title: 'Haus C', notes: '', projectUnitTypeVariant: 'other' } },
    ]);
    expect(location()).toBe('/home/app/project/details/5/77');
  });
});
