import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, UNIT_TYPES } from '../../../src/domain/projectUnits';
import { branchTaskKey, taskBranches } from '../../../src/domain/taskBranches';
import { actorRoles, taskFor, type TenantType, type WorkflowDefinition } from '../../../src/domain/workflow';

const definitionShipped: WorkflowDefinition = JSON.parse(readFileSync(join(__dirname, '../../../schemas/workflow.default.json'), 'utf8'));

/** A configurer's definition: a state key twice (the first, without a task, shadows the second), pseudo roles. */
const edited: WorkflowDefinition = {
  ...definitionShipped,
  states: [
    { key: 'Preparing', unitTypes: ['project'], tenantTypes: ['ccl'] },
    { key: 'Preparing', unitTypes: ['project', 'approvallot'], task: { taskKey: 'Preparing', roles: ['external'] } },
    { key: 'Structuring', unitTypes: ['project'], task: { taskKey: 'Structuring', roles: ['admin', 'drafter'] } },
    { key: 'ReviewDrawings', unitTypes: ['approvallot'], task: { taskKey: 'ReviewDrawings', roles: ['internal'] } },
    ...definitionShipped.states.filter((state) => !['Preparing', 'Structuring', 'ReviewDrawings'].includes(state.key)),
  ],
};

const users = [false, true].flatMap((isInternal) => [false, true].map((isAdmin) => ({ isInternal, isAdmin })));
const memberRoles: (string | null)[] = [null, ...MEMBER_ROLES, 'formerRole'];
const tenantTypes: TenantType[] = ['standard', 'ccl'];

describe('the task rule unrolled for the database', () => {
  for (const [name, definition] of [['shipped', definitionShipped], ['edited', edited]] as const) {
    it(`gives every unit, user and membership the task taskFor gives (${name} definition)`, () => {
      const stateKeys = [...new Set(definition.states.map((state) => state.key)), 'NoSuchState'];
      let tasks = 0;
      for (const user of users) {
        const branches = taskBranches(definition, user);
        for (const type of UNIT_TYPES)
          for (const stateKey of stateKeys)
            for (const tenantType of tenantTypes)
              for (const role of memberRoles) {
                const expected = taskFor(definition, { type, stateKey }, tenantType, actorRoles({ role, ...user }));
                expect(branchTaskKey(branches, { type, stateKey }, tenantType, role), `${type} ${stateKey} ${tenantType} ${role} ${JSON.stringify(user)}`).toBe(
                  expected?.taskKey ?? null,
                );
                if (expected) tasks += 1;
              }
      }
      expect(tasks).toBeGreaterThan(50);
    });
  }

  it('keeps a task-less state that shadows a later one with the same key', () => {
    const branches = taskBranches(edited, { isInternal: false, isAdmin: false });
    expect(branches.filter((branch) => branch.stateKey === 'Preparing').map((branch) => branch.taskKey)).toEqual([null, 'Preparing']);
    expect(branchTaskKey(branches, { type: 'project', stateKey: 'Preparing' }, 'ccl', 'reviewer')).toBeNull();
    expect(branchTaskKey(branches, { type: 'project', stateKey: 'Preparing' }, 'standard', 'reviewer')).toBe('Preparing');
  });

  it('lets staff without a membership in only through internal or admin tasks', () => {
    const staff = taskBranches(edited, { isInternal: true, isAdmin: false });
    expect(staff.find((branch) => branch.stateKey === 'ReviewDrawings')?.audience.nonMembers).toBe(true);
    expect(staff.find((branch) => branch.stateKey === 'Structuring')?.audience).toEqual({ memberRoles: ['drafter'], otherMembers: false, nonMembers: false });
    // Only states whose task this user can hold, and those that shadow them, are left for the database.
    const shipped = taskBranches(definitionShipped, { isInternal: true, isAdmin: false });
    expect(shipped.some((branch) => branch.stateKey === 'ProvideFiles')).toBe(false);
    expect(shipped.find((branch) => branch.stateKey === 'Finalized')?.taskKey).toBe('Finalized');
    const customer = taskBranches(edited, { isInternal: false, isAdmin: false });
    expect(customer.find((branch) => branch.stateKey === 'Preparing' && branch.taskKey)?.audience).toEqual({ memberRoles: [...MEMBER_ROLES], otherMembers: true, nonMembers: false });
  });
});
