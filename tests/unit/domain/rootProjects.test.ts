import { describe, expect, it } from 'vitest';
import { canCreateRootProject, projectCountries, rootProjectCreateSchema, rootProjectParams } from '../../../src/domain/rootProjects';
import sets from '../../../schemas/questionnaire/sets.json';

describe('who sets up a root project', () => {
  const planner = { isInternal: true, isProjectPlanner: true, tenantIds: [1, 2] };
  it('project planners of the tenant only', () => {
    expect(canCreateRootProject(planner, 1)).toEqual({ allowed: true });
    expect(canCreateRootProject(planner, 3)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.RootTenantNotYours' });
    expect(canCreateRootProject({ ...planner, isProjectPlanner: false }, 1).allowed).toBe(false);
    // A customer with the flag (set before they became external) still may not.
    expect(canCreateRootProject({ ...planner, isInternal: false }, 1)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.RootOnlyPlanners' });
  });
});

describe('the root project form', () => {
  it('offers the countries that have sheet sets', () => {
    expect(projectCountries(sets)).toEqual(['be', 'de', 'fr', 'nl']);
  });

  it('requires tenant, sales organisation, country and title; country in lower case', () => {
    const valid = { parentProjectUnitID: null, projectUnitType: 'project', tenantID: 1, salesOrgID: 2, country: 'NL', title: ' Delft ' };
    expect(rootProjectCreateSchema.parse(valid)).toMatchObject({ country: 'nl', title: 'Delft', brickAssortment: false });
    for (const field of ['tenantID', 'salesOrgID', 'country', 'title']) {
      const { [field]: _missing, ...rest } = valid as Record<string, unknown>;
      expect(rootProjectCreateSchema.safeParse(rest).success, field).toBe(false);
    }
    expect(rootProjectCreateSchema.safeParse({ ...valid, country: 'Niederlande' }).success).toBe(false);
    expect(rootProjectCreateSchema.safeParse({ ...valid, parentProjectUnitID: 4 }).success).toBe(false);
  });

  it('stores Country and BrickAssortment as the questionnaire reads them', () => {
    expect(rootProjectParams({ country: 'nl', brickAssortment: true })).toEqual([
      { key: 'Country', value: 'nl' },
      { key: 'BrickAssortment', value: 'True' },
    ]);
  });
});
