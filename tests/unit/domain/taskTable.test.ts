import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, UNIT_TYPES } from '../../../src/domain/projectUnits';
import { membershipOf, NO_MEMBERSHIP, OTHER_MEMBER, TENANT_TYPES, taskTable } from '../../../src/domain/taskTable';
import { actorRoles, taskFor, type WorkflowDefinition } from '../../../src/domain/workflow';

const shipped: WorkflowDefinition = JSON.parse(readFileSync(join(__dirname, '../../../schemas/workflow.default.json'), 'utf8'));

/** A configurer's definition: a state key twice (the first, without a task, shadows the second), pseudo roles. */
const edited: WorkflowDefinition = {
  ...shipped,
  states: [
    { key: 'Preparing', unitTypes: ['project'], tenantTypes: ['ccl'] },
    { key: 'Preparing', unitTypes: ['project', 'approvallot'], task: { taskKey: 'Preparing', roles: ['external'] } },
    { key: 'Structuring', unitTypes: ['project'], task: { taskKey: 'Structuring', roles: ['admin', 'drafter'] } },
    { key: 'ReviewDrawings', unitTypes: ['approvallot'], task: { taskKey: 'ReviewDrawings', roles: ['internal'] } },
    ...shipped.states.filter((state) => !['Preparing', 'Structuring', 'ReviewDrawings'].includes(state.key)),
  ],
};
const users = [false, true].flatMap((isInternal) => [false, true].map((isAdmin) => ({ isInternal, isAdmin })));
const roles: (string | null)[] = [null, ...MEMBER_ROLES, 'formerRole'];

describe('the task rule as a table for the database', () => {
  for (const [name, definition] of [['shipped', shipped], ['edited', edited]] as const) {
    it(`holds exactly the combinations taskFor gives a task, with its key (${name} definition)`, () => {
      const stateKeys = [...new Set(definition.states.map((state) => state.key)), 'NoSuchState'];
      for (const user of users) {
        const table = taskTable(definition, user);
        const lookup = new Map(table.map((row) => [`${row.stateKey}|${row.unitType}|${row.tenantType}|${row.membership}`, row.taskKey]));
        expect(lookup.size).toBe(table.length);
        for (const type of UNIT_TYPES)
          for (const stateKey of stateKeys)
            for (const tenantType of TENANT_TYPES)
              for (const role of roles) {
                const expected = taskFor(definition, { type, stateKey }, tenantType, actorRoles({ role, ...user }))?.taskKey ?? null;
                expect(lookup.get(`${stateKey}|${type}|${tenantType}|${membershipOf(role)}`) ?? null, `${type} ${stateKey} ${tenantType} ${role} ${JSON.stringify(user)}`).toBe(expected);
              }
      }
    });
  }

  it('names memberships as the database does, and keeps a shadowed state without a task out', () => {
    expect([membershipOf(null), membershipOf('reviewer'), membershipOf('formerRole')]).toEqual([NO_MEMBERSHIP, 'reviewer', OTHER_MEMBER]);
    const customer = taskTable(edited, { isInternal: false, isAdmin: false });
    expect(customer.some((row) => row.stateKey === 'Preparing' && row.unitType === 'project' && row.tenantType === 'ccl')).toBe(false);
    expect(customer.some((row) => row.stateKey === 'Preparing' && row.unitType === 'project' && row.tenantType === 'standard' && row.membership === 'reviewer')).toBe(true);
    // Staff without a membership: only tasks for internal users.
    const staff = taskTable(shipped, { isInternal: true, isAdmin: false }).filter((row) => row.membership === NO_MEMBERSHIP);
    expect(new Set(staff.map((row) => row.taskKey))).toEqual(new Set(['Finalized']));
  });

  it('is worked out once per definition and kind of user', () => {
    expect(taskTable(shipped, { isInternal: true, isAdmin: false })).toBe(taskTable(shipped, { isInternal: true, isAdmin: false }));
    expect(taskTable(shipped, { isInternal: true, isAdmin: true })).not.toBe(taskTable(shipped, { isInternal: true, isAdmin: false }));
  });
});
