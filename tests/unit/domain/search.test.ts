import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/domain/permissions';
import { canUseProjectSearch, searchContext, unitDetailsPath } from '../../../src/domain/search';
import { withId } from '../../../src/resources/search/SearchFields';

const customer = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false };

describe('project search', () => {
  it('puts a match in its context: project › parent, whichever is known', () => {
    expect(searchContext({ rootTitle: 'Schule am Stadtpark', parentTitle: 'Wandelemente Klassentrakt' })).toBe('Schule am Stadtpark › Wandelemente Klassentrakt');
    expect(searchContext({ rootTitle: 'Schule am Stadtpark', parentTitle: null })).toBe('Schule am Stadtpark');
    expect(searchContext({ rootTitle: null, parentTitle: null })).toBe('');
  });

  it('is offered when any of the user’s tenants has AdvancedSearch', () => {
    expect(canUseProjectSearch([['ShowTenantInfo'], ['AdvancedSearch']])).toBe(true);
    expect(canUseProjectSearch([['ShowTenantInfo'], []])).toBe(false);
    expect(canUseProjectSearch([])).toBe(false);
  });

  it('is a list for every signed-in user, nothing else', () => {
    expect(canAccess(customer, { action: 'list', resource: 'projectunitssearch' })).toBe(true);
    for (const action of ['show', 'create', 'edit', 'delete']) expect(canAccess(customer, { action, resource: 'projectunitssearch' })).toBe(false);
    expect(canAccess(null, { action: 'list', resource: 'projectunitssearch' })).toBe(false);
  });

  it('links a root to its own details and a unit to root/unit', () => {
    expect(unitDetailsPath({ projectUnitID: 7, rootProjectUnitID: 7 })).toBe('/home/app/project/details/7');
    expect(unitDetailsPath({ projectUnitID: 9, rootProjectUnitID: 7 })).toBe('/home/app/project/details/7/9');
  });

  it('shows names with their ids', () => {
    expect(withId('Werk Bremen', 1)).toBe('Werk Bremen (1)');
    expect(withId(null, 3)).toBe('(3)');
    expect(withId(null, null)).toBe('');
  });
});
