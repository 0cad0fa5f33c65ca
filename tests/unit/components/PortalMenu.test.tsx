// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { AdminContext, Resource, ResourceDefinitionContextProvider, type AuthProvider, type ResourceDefinitions, type ResourceProps } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { canAccess, type PermissionUser } from '../../../src/domain/permissions';
import { PortalMenu } from '../../../src/layout/menus';
import { permissionResource } from '../../../src/providers/resourceNames';
import aacProducts from '../../../src/resources/aac-products';
import bannerNotifications from '../../../src/resources/banner-notifications';
import lintelProducts from '../../../src/resources/lintel-products';
import mails from '../../../src/resources/mails';
import plants from '../../../src/resources/plants';
import preliminaryDays from '../../../src/resources/preliminary-days';
import productTypes from '../../../src/resources/product-types';
import projectFeatures from '../../../src/resources/project-features';
import projects from '../../../src/resources/projects';
import questionnaireSheets from '../../../src/resources/questionnaire-sheets';
import salesOrganisations from '../../../src/resources/sales-organisations';
import search from '../../../src/resources/search';
import tasks from '../../../src/resources/tasks';
import tenants from '../../../src/resources/tenants';
import users from '../../../src/resources/users';
import { fakeDataProvider, i18nProvider } from './resourceTestKit';

/** The resources of App.tsx that ask for menu entries, under the names App.tsx gives them. */
const RESOURCES: [string, Omit<ResourceProps, 'name'>][] = [
  ['project', projects],
  ['project/search', search],
  ['task-list', tasks],
  ['questionnaire-sheets', questionnaireSheets],
  ['admin/banner-notifications', bannerNotifications],
  ['admin/preliminary-days', preliminaryDays],
  ['admin/users', users],
  ['admin/projectfeatures', projectFeatures],
  ['admin/mails', mails],
  ['admin/tenants', tenants],
  ['admin/salesorganisations', salesOrganisations],
  ['admin/plants', plants],
  ['admin/producttypes', productTypes],
  ['admin/aacproducts', aacProducts],
  ['admin/lintelproducts', lintelProducts],
];
const definitions = Object.fromEntries(RESOURCES.map(([name, props]) => [name, Resource.registerResource({ name, ...props })])) as ResourceDefinitions;

const admin = { isAdmin: true, isInternal: true, isConfigurer: false, isExternalLogin: false };
const customer = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false };
const configurer = { isAdmin: false, isInternal: true, isConfigurer: true, isExternalLogin: false };

const authProviderFor = (user: PermissionUser): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  canAccess: ({ action, resource, record }) => Promise.resolve(canAccess(user, { action, resource: permissionResource(resource), record })),
});

function renderMenu(user: PermissionUser, searchAvailable = true) {
  render(
    <MemoryRouter initialEntries={['/home/app/dash']}>
      <AdminContext dataProvider={fakeDataProvider({ getSearchAvailability: () => Promise.resolve(searchAvailable) })} authProvider={authProviderFor(user)} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <PortalMenu />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const entries = () => screen.queryAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')]);

describe('the menu, built from the resource definitions', () => {
  it('a customer: the common entries in their order, the search where it is offered, no administration', async () => {
    renderMenu(customer);
    await waitFor(() => expect(entries()).toHaveLength(7));
    expect(entries()).toEqual([
      ['Dashboard', '/home/app/dash'],
      ['My tasks', '/home/app/task-list'],
      ['Current projects', '/home/app/current-projects-list'],
      ['Closed projects', '/home/app/closed-projects-list'],
      ['News', '/home/app/news'],
      ['Project search', '/home/app/project/search'],
      ['Profile', '/home/app/profile'],
    ]);
    expect(screen.queryByText('Administration')).toBeNull();
  });

  it('without AdvancedSearch the search entry is left out', async () => {
    renderMenu(customer, false);
    await waitFor(() => expect(entries()).toHaveLength(6));
    expect(entries().map(([label]) => label)).not.toContain('Project search');
  });

  it('an administrator: Workflows, then the administration in its order', async () => {
    renderMenu(admin);
    await waitFor(() => expect(entries()).toHaveLength(19));
    expect(entries().slice(5, 6)).toEqual([['Workflows', '/home/app/project/workflows']]);
    expect(screen.getByText('Administration')).toBeTruthy();
    expect(entries().slice(8).map(([, href]) => href)).toEqual([
      '/home/app/admin/banner-notifications',
      '/home/app/admin/users',
      '/home/app/admin/tenants',
      '/home/app/admin/salesorganisations',
      '/home/app/admin/plants',
      '/home/app/admin/producttypes',
      '/home/app/admin/projectfeatures',
      '/home/app/admin/preliminary-days',
      '/home/app/admin/aacproducts',
      '/home/app/admin/lintelproducts',
      '/home/app/admin/mails',
    ]);
  });

  it('a configurer: the questionnaire sheets, no administration', async () => {
    renderMenu(configurer);
    await screen.findByTestId('menu-questionnaire-sheets');
    expect(screen.getByTestId('menu-questionnaire-sheets').getAttribute('href')).toBe('/home/app/questionnaire-sheets');
    expect(screen.queryByText('Administration')).toBeNull();
  });
});
