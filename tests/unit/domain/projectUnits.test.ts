import { describe, expect, it } from 'vitest';
import {
  allowedChildTypes,
  canCreateUnit,
  canDeleteUnit,
  canEditSite,
  canEditUnit,
  canChangeVariant,
  unitDeliveryDateRule,
  whileProjectOpen,
  formatUnitData,
  isClosedState,
  MEMBER_ROLES,
  parseUnitData,
  showEditActions,
  UNIT_TYPES,
  unitCreateSchema,
  unitPageTitle,
  type MemberRole,
  type UnitType,
} from '../../../src/domain/projectUnits';

const STATES = ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract', 'ProvideFiles', 'InProgress', 'Closed'];
const ROLES: (MemberRole | null)[] = [...MEMBER_ROLES, null];

describe('allowedChildTypes', () => {
  it.each([
    ['project', 'other', 'standard', ['subproject', 'folder']],
    ['project', 'aac_elements', 'standard', ['subproject', 'folder']],
    ['subproject', 'aac_elements', 'standard', ['aacorderlot', 'folder']],
    ['subproject', 'lintel', 'standard', ['lintelorderlot', 'folder']],
    ['subproject', 'other', 'standard', ['approvallot', 'folder']],
    ['subproject', 'other', 'ccl', ['approvallot', 'drawingjob', 'folder']],
  ] as const)('%s (%s, %s tenant) → %j', (type, variant, tenant, expected) => {
    expect(allowedChildTypes({ type, variant }, tenant)).toEqual(expected);
  });

  it.each(['approvallot', 'lintelorderlot', 'aacorderlot', 'drawingjob', 'folder'] as const)('%s has no children', (type) => {
    for (const variant of ['aac_elements', 'lintel', 'other'] as const) expect(allowedChildTypes({ type, variant })).toEqual([]);
  });
});

describe('canCreateUnit', () => {
  const create = (role: MemberRole | null, rootState: string, type: UnitType, infoSheetValid = true) => canCreateUnit({ role, rootState, infoSheetValid }, type);

  it('in Structuring anybody may create structure units', () => {
    for (const role of ROLES) for (const type of ['subproject', 'approvallot', 'aacorderlot', 'lintelorderlot', 'drawingjob'] as const) {
      expect(create(role, 'Structuring', type)).toEqual({ allowed: true });
    }
  });

  it('outside Structuring only a salesPlanner creates, with the rule as reason for others', () => {
    for (const state of STATES.filter((s) => s !== 'Structuring' && s !== 'Closed')) {
      for (const role of ROLES) {
        const expected = role === 'salesPlanner' ? { allowed: true } : { allowed: false, reason: 'PROJECTS.Rules.CreateOnlyInStructuring' };
        expect(create(role, state, 'approvallot')).toEqual(expected);
      }
    }
  });

  it('a folder can always be created while the project is open', () => {
    for (const state of STATES.filter((s) => s !== 'Closed')) for (const role of ROLES) expect(create(role, state, 'folder').allowed).toBe(true);
  });

  it('a project only by a salesPlanner, in any state', () => {
    for (const state of STATES) {
      for (const role of ROLES) expect(create(role, state, 'project').allowed).toBe(role === 'salesPlanner');
    }
  });

  it('an invalid information sheet blocks creation (tooltip invalidPIS), not for a salesPlanner', () => {
    expect(create('reviewer', 'Structuring', 'subproject', false)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.InvalidPIS' });
    expect(create('reviewer', 'Structuring', 'folder', false)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.InvalidPIS' });
    expect(create('salesPlanner', 'Structuring', 'subproject', false).allowed).toBe(true);
  });
});

describe('canDeleteUnit', () => {
  const remove = (role: MemberRole | null, rootState: string, type: UnitType, isRoot = false, itemCount = 0) => canDeleteUnit({ role, rootState, isInternal: false }, { type, isRoot, itemCount }, 7);
  const OPEN_STATES = STATES.filter((state) => state !== 'Closed');

  it('the root is never deleted, not even by a salesPlanner', () => {
    for (const role of ROLES) expect(remove(role, 'Structuring', 'project', true)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.RootNeverDeleted' });
  });

  it('a salesPlanner deletes any other unit in any open state', () => {
    for (const state of OPEN_STATES) for (const type of UNIT_TYPES) expect(remove('salesPlanner', state, type).allowed).toBe(true);
  });

  it('nobody deletes anything in a closed or archived project', () => {
    for (const role of ROLES) {
      for (const state of ['Closed', 'Archived']) {
        for (const type of UNIT_TYPES) expect(remove(role, state, type)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
      }
    }
  });

  it('HideUnitEditAction refuses deletion to everybody', () => {
    expect(canDeleteUnit({ role: 'salesPlanner', rootState: 'Structuring', isInternal: true, features: ['HideUnitEditAction'] }, { type: 'folder', isRoot: false, itemCount: 0 }, 7)).toEqual({
      allowed: false,
      reason: 'PROJECTS.Rules.EditActionsHidden',
    });
  });

  it('a unit goes with its files only when the user may delete each of them', () => {
    const customer = { role: 'reviewer' as const, rootState: 'Structuring', isInternal: false };
    const folder = (uploaders: (number | null)[]) => ({ type: 'folder' as const, isRoot: false, itemCount: 0, files: uploaders.map((uploadedByID) => ({ uploadedByID })) });
    expect(canDeleteUnit(customer, folder([7, 7]), 7)).toEqual({ allowed: true });
    expect(canDeleteUnit(customer, folder([7, null]), 7)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.HoldsOthersFiles' });
    expect(canDeleteUnit(customer, folder([8]), 7)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.HoldsOthersFiles' });
    expect(canDeleteUnit({ ...customer, isInternal: true }, folder([null, 8]), 7)).toEqual({ allowed: true });
  });

  it('others: a project never, a folder always, the rest only in Structuring', () => {
    for (const role of ROLES.filter((r) => r !== 'salesPlanner')) {
      for (const state of OPEN_STATES) {
        expect(remove(role, state, 'project').allowed).toBe(false);
        expect(remove(role, state, 'folder').allowed).toBe(true);
        for (const type of ['subproject', 'approvallot', 'aacorderlot', 'lintelorderlot', 'drawingjob'] as const) {
          expect(remove(role, state, type)).toEqual(state === 'Structuring' ? { allowed: true } : { allowed: false, reason: 'PROJECTS.Rules.DeleteOnlyInStructuring' });
        }
      }
    }
  });

  it('order lots with items need their items deleted first, whoever asks', () => {
    for (const role of ROLES) {
      expect(remove(role, 'Structuring', 'aacorderlot', false, 3)).toEqual({ allowed: false, reason: 'PROJECTUNIT.DELETE_ITEMS_FIRST_DIALOG' });
      expect(remove(role, 'Structuring', 'subproject', false, 1).allowed).toBe(false);
    }
  });

  it('"delete the items first" only for users who could delete the lot otherwise', () => {
    expect(remove('reviewer', 'ProvideFiles', 'aacorderlot', false, 3)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.DeleteOnlyInStructuring' });
    expect(remove('reviewer', 'Closed', 'aacorderlot', false, 3)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
  });
});

describe('edit actions', () => {
  it('HideUnitEditAction hides edit and delete', () => {
    expect(showEditActions(['ProjectTools'])).toBe(true);
    expect(showEditActions(['HideUnitEditAction'])).toBe(false);
  });
  it('customers edit only in Structuring (folders always); staff and salesPlanners always', () => {
    expect(canEditUnit({ role: 'reviewer', rootState: 'ProvideFiles', isInternal: false }, { type: 'subproject', isRoot: false }).allowed).toBe(false);
    expect(canEditUnit({ role: 'reviewer', rootState: 'ProvideFiles', isInternal: false }, { type: 'folder', isRoot: false }).allowed).toBe(true);
    expect(canEditUnit({ role: 'reviewer', rootState: 'Structuring', isInternal: false }, { type: 'project', isRoot: true }).allowed).toBe(true);
    expect(canEditUnit({ role: null, rootState: 'InProgress', isInternal: true }, { type: 'subproject', isRoot: false }).allowed).toBe(true);
  });
  it('nobody edits units of a closed project, nor with HideUnitEditAction', () => {
    expect(canEditUnit({ role: 'salesPlanner', rootState: 'Closed', isInternal: true }, { type: 'subproject', isRoot: false })).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
    expect(canEditUnit({ role: 'salesPlanner', rootState: 'Structuring', isInternal: true, features: ['HideUnitEditAction'] }, { type: 'folder', isRoot: false })).toEqual({
      allowed: false,
      reason: 'PROJECTS.Rules.EditActionsHidden',
    });
  });
});

describe('canChangeVariant', () => {
  it('a subproject changes its kind only while its children fit the new kind', () => {
    expect(canChangeVariant({ type: 'subproject', childTypes: [] }, 'aac_elements')).toEqual({ allowed: true });
    expect(canChangeVariant({ type: 'subproject', childTypes: ['folder'] }, 'lintel')).toEqual({ allowed: true });
    expect(canChangeVariant({ type: 'subproject', childTypes: ['approvallot'] }, 'other')).toEqual({ allowed: true });
    expect(canChangeVariant({ type: 'subproject', childTypes: ['approvallot', 'folder'] }, 'aac_elements')).toEqual({ allowed: false, reason: 'PROJECTS.Rules.VariantHoldsChildren' });
    expect(canChangeVariant({ type: 'subproject', childTypes: ['drawingjob'] }, 'other', 'ccl').allowed).toBe(true);
    expect(canChangeVariant({ type: 'approvallot', childTypes: [] }, 'lintel')).toEqual({ allowed: false, reason: 'PROJECTS.Rules.VariantOnlySubproject' });
  });
});

describe('unitDeliveryDateRule', () => {
  it('the planned delivery date of order lots and approval lots is today or later', () => {
    for (const type of ['lintelorderlot', 'aacorderlot', 'approvallot'] as const) {
      expect(unitDeliveryDateRule(type, '2026-05-31', '2026-06-01')).toEqual({ allowed: false, reason: 'PROJECTS.Rules.DeliveryDateInPast' });
      expect(unitDeliveryDateRule(type, '2026-06-01', '2026-06-01')).toEqual({ allowed: true });
      expect(unitDeliveryDateRule(type, null, '2026-06-01')).toEqual({ allowed: true });
    }
  });
});

describe('whileProjectOpen', () => {
  it('one rule for closed projects', () => {
    expect(whileProjectOpen('Structuring')).toEqual({ allowed: true });
    expect(whileProjectOpen('Archived')).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
    expect(whileProjectOpen('Closed', 'FILES.Rules.ProjectClosed')).toEqual({ allowed: false, reason: 'FILES.Rules.ProjectClosed' });
    expect(canCreateUnit({ role: 'salesPlanner', rootState: 'Closed', infoSheetValid: true }, 'folder')).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
  });
});

describe('canEditSite', () => {
  it('site address and contact can be changed except in closed projects', () => {
    expect(canEditSite('Structuring')).toEqual({ allowed: true });
    expect(canEditSite('ProvideFiles')).toEqual({ allowed: true });
    expect(canEditSite('Closed')).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
    expect(canEditSite('Archived').allowed).toBe(false);
  });
});

describe('unit helpers', () => {
  it('closed states', () => {
    expect(isClosedState('Closed')).toBe(true);
    expect(isClosedState('Archived')).toBe(true);
    expect(isClosedState('Structuring')).toBe(false);
  });
  it('data text round trip', () => {
    expect(parseUnitData('OrderNumber=4711; Foo = bar;broken;=x')).toEqual({ OrderNumber: '4711', Foo: 'bar' });
    expect(formatUnitData({ OrderNumber: '4711', Note: 'a;b', Empty: '' })).toBe('OrderNumber=4711;Note=a,b');
  });
  it('page title', () => {
    expect(unitPageTitle({ projectUnitNo: 'NS-DE-2026-0001', title: 'Wohnpark' })).toBe('NS-DE-2026-0001 | Wohnpark');
  });
  it('create schema', () => {
    expect(unitCreateSchema.safeParse({ parentProjectUnitID: 1, projectUnitType: 'subproject', title: 'Haus C' }).success).toBe(true);
    expect(unitCreateSchema.safeParse({ parentProjectUnitID: 1, projectUnitType: 'tower', title: 'X' }).success).toBe(false);
    expect(unitCreateSchema.safeParse({ parentProjectUnitID: 1, projectUnitType: 'folder', title: '' }).success).toBe(false);
    expect(unitCreateSchema.safeParse({ parentProjectUnitID: 1, projectUnitType: 'folder', title: 'X', deliveryDate: '2026-13-45' }).success).toBe(false);
  });
});
