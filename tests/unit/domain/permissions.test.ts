import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/domain/permissions';
import { userKind } from '../../../src/domain/user';
import { permissionResource } from '../../../src/providers/resourceNames';

const admin = { isAdmin: true, isInternal: true, isConfigurer: false, isExternalLogin: false };
const staff = { isAdmin: false, isInternal: true, isConfigurer: false, isExternalLogin: false };
const configurer = { isAdmin: false, isInternal: true, isConfigurer: true, isExternalLogin: false };
const customer = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false };
const partner = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: true };

describe('canAccess', () => {
  it('nobody without a user', () => {
    expect(canAccess(null, { action: 'list', resource: 'salesorganisations' })).toBe(false);
    expect(canAccess(undefined, { action: 'list', resource: 'profile' })).toBe(false);
  });

  it.each(['list', 'show', 'create', 'edit', 'delete', 'export'])('banner notifications: only admins may %s', (action) => {
    expect(canAccess(admin, { action, resource: 'banner-notifications' })).toBe(true);
    expect(canAccess(admin, { action, resource: 'admin/banner-notifications' })).toBe(true);
    for (const user of [staff, configurer, customer, partner]) {
      expect(canAccess(user, { action, resource: 'banner-notifications' })).toBe(false);
      expect(canAccess(user, { action, resource: 'admin/banner-notifications' })).toBe(false);
    }
  });

  it('any admin/… resource is admin-only', () => {
    expect(canAccess(admin, { action: 'list', resource: 'admin/plants' })).toBe(true);
    expect(canAccess(staff, { action: 'list', resource: 'admin/plants' })).toBe(false);
  });

  it('everybody reads sales organisations; only admins change them', () => {
    for (const user of [admin, staff, configurer, customer, partner]) {
      expect(canAccess(user, { action: 'list', resource: 'salesorganisations' })).toBe(true);
      expect(canAccess(user, { action: 'show', resource: 'salesorganisations' })).toBe(true);
    }
    expect(canAccess(customer, { action: 'edit', resource: 'salesorganisations' })).toBe(false);
    expect(canAccess(admin, { action: 'edit', resource: 'salesorganisations' })).toBe(true);
  });

  it('a user edits their own account; administrators every account', () => {
    expect(canAccess({ ...customer, id: 4 }, { action: 'edit', resource: 'users', record: { id: 4 } })).toBe(true);
    expect(canAccess({ ...customer, id: 4 }, { action: 'edit', resource: 'users', record: { id: 5 } })).toBe(false);
    expect(canAccess({ ...admin, id: 1 }, { action: 'edit', resource: 'users', record: { id: 5 } })).toBe(true);
  });

  it('unknown resources are closed', () => {
    expect(canAccess(admin, { action: 'list', resource: 'secrets' })).toBe(false);
  });
});

describe('userKind', () => {
  it('staff layout for internal users, admins and configurers; portal layout for customers', () => {
    expect(userKind(admin)).toBe('staff');
    expect(userKind(staff)).toBe('staff');
    expect(userKind(configurer)).toBe('staff');
    expect(userKind(customer)).toBe('customer');
    expect(userKind(partner)).toBe('customer');
  });
});

describe('canAccess for the resources named by their path (through the providers’ name translation)', () => {
  // Imported here so that the domain test also pins the names the app's resources use.
  const ask = (user: typeof admin, resource: string, action: string, record?: unknown) => canAccess(user, { action, resource: permissionResource(resource), record });

  it('project units: every signed-in user lists and opens them; a unit context decides create, edit and delete', () => {
    for (const user of [admin, staff, customer, partner]) {
      expect(ask(user, 'project', 'list')).toBe(true);
      expect(ask(user, 'project', 'show')).toBe(true);
    }
    const context = { can: { create: { subproject: { allowed: false }, approvallot: { allowed: true } }, edit: { allowed: true }, delete: { allowed: false } } };
    expect(ask(customer, 'project', 'create', context)).toBe(true);
    expect(ask(customer, 'project', 'edit', context)).toBe(true);
    expect(ask(customer, 'project', 'delete', context)).toBe(false);
    expect(ask(customer, 'project', 'create', { can: { create: {}, edit: { allowed: false }, delete: { allowed: false } } })).toBe(false);
    expect(canAccess(null, { action: 'list', resource: 'projects' })).toBe(false);
  });

  it('tasks are read-only; the search is a read-only list; preliminary days are the administrators’', () => {
    expect(ask(customer, 'task-list', 'list')).toBe(true);
    expect(ask(customer, 'task-list', 'edit')).toBe(false);
    expect(ask(customer, 'project/search', 'list')).toBe(true);
    expect(ask(customer, 'project/search', 'edit')).toBe(false);
    expect(ask(admin, 'admin/preliminary-days', 'edit')).toBe(true);
    expect(ask(staff, 'admin/preliminary-days', 'list')).toBe(false);
  });

  it('admin routes stay admin-only even where the API lets others read the records', () => {
    expect(ask(customer, 'admin/salesorganisations', 'list')).toBe(false);
    expect(ask(staff, 'admin/plants', 'list')).toBe(false);
    expect(ask(customer, 'admin/users', 'edit', { id: 1 })).toBe(false);
    expect(ask(admin, 'admin/salesorganisations', 'list')).toBe(true);
  });
});
