import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_MESSAGE,
  assignmentUpdateSchema,
  canAssignProductTypes,
  changedPlanningRows,
  isAssignableUnit,
  orderNumberError,
  orderNumberOf,
  planningSaveSchema,
  treeOrder,
  withOrderNumber,
  type PlanningUnit,
} from '../../../src/domain/assignments';
import { MEMBER_ROLES, UNIT_TYPES, type MemberRole } from '../../../src/domain/projectUnits';

describe('canAssignProductTypes', () => {
  it('allows internal salesPlanners and processPlanners and every administrator', () => {
    for (const role of MEMBER_ROLES) {
      const expected = role === 'salesPlanner' || role === 'processPlanner';
      expect(canAssignProductTypes({ role, isInternal: true, isAdmin: false }, 'PendingValidation').allowed, role).toBe(expected);
    }
    expect(canAssignProductTypes({ role: null, isInternal: true, isAdmin: true }, 'InProgress')).toEqual({ allowed: true });
    expect(canAssignProductTypes({ role: null, isInternal: true, isAdmin: false }, 'Structuring')).toEqual({ allowed: false, reason: ASSIGNMENT_MESSAGE.notAllowed });
  });

  it('refuses external users whatever their member role', () => {
    for (const role of ['salesPlanner', 'processPlanner', 'reviewer'] as MemberRole[]) {
      expect(canAssignProductTypes({ role, isInternal: false, isAdmin: false }, 'PendingValidation')).toEqual({ allowed: false, reason: ASSIGNMENT_MESSAGE.notAllowed });
    }
  });

  it('leaves closed and archived projects as they are', () => {
    for (const state of ['Closed', 'Archived']) {
      expect(canAssignProductTypes({ role: 'salesPlanner', isInternal: true, isAdmin: true }, state)).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
    }
  });
});

describe('isAssignableUnit', () => {
  it('is every unit type but folders', () => {
    expect(UNIT_TYPES.filter(isAssignableUnit)).toEqual(['project', 'subproject', 'approvallot', 'lintelorderlot', 'aacorderlot', 'drawingjob']);
  });
});

describe('order number in the data text', () => {
  it('reads OrderNumber= and nothing else', () => {
    expect(orderNumberOf('WallNos=S-EG-W01,S-EG-W02;OrderNumber= 4711-A ')).toBe('4711-A');
    expect(orderNumberOf('CustRef=OrderNumber')).toBe('');
    expect(orderNumberOf('')).toBe('');
  });

  it('writes it without losing other keys and removes it when empty', () => {
    expect(withOrderNumber('WallNos=S-EG-W01,S-EG-W02', 'AB-100/2')).toBe('WallNos=S-EG-W01,S-EG-W02;OrderNumber=AB-100/2');
    expect(withOrderNumber('OrderNumber=1;CustRef=K 7', '2')).toBe('OrderNumber=2;CustRef=K 7');
    expect(withOrderNumber('WallNos=W1;OrderNumber=1', '')).toBe('WallNos=W1');
    expect(withOrderNumber('', '')).toBe('');
  });
});

describe('order number rule', () => {
  it.each([
    ['', undefined],
    ['  4711 ', undefined],
    ['Auftrag Süd_2/B-7', undefined],
    ['x'.repeat(40), undefined],
    ['x'.repeat(41), 'VALIDATION.TooLong'],
    ['A;OrderNumber=B', ASSIGNMENT_MESSAGE.orderNumberCharacters],
    ['a=b', ASSIGNMENT_MESSAGE.orderNumberCharacters],
    ['tab\there', ASSIGNMENT_MESSAGE.orderNumberCharacters],
  ])('%j → %s', (text, expected) => {
    expect(orderNumberError(text)).toBe(expected);
  });
});

describe('schemas', () => {
  it('an assignment needs a product type; the plant is optional', () => {
    expect(assignmentUpdateSchema.safeParse({ productTypeID: 3 }).success).toBe(true);
    expect(assignmentUpdateSchema.safeParse({ productTypeID: 3, plantID: null }).success).toBe(true);
    expect(assignmentUpdateSchema.safeParse({ plantID: 1 }).error?.issues[0]).toMatchObject({ path: ['productTypeID'], message: 'VALIDATION.IsRequired' });
    expect(assignmentUpdateSchema.safeParse({ productTypeID: 3, productType: 'x' }).success).toBe(false);
  });

  it('the planning save names each unit once and trims order numbers', () => {
    const row = { projectUnitID: 5, productTypeID: null, plantID: 2, orderNumber: ' 12 ', version: 1 };
    expect(planningSaveSchema.parse({ rows: [row] }).rows[0].orderNumber).toBe('12');
    const twice = planningSaveSchema.safeParse({ rows: [row, row] });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['rows', 1, 'projectUnitID'], message: ASSIGNMENT_MESSAGE.duplicateUnit });
    expect(planningSaveSchema.safeParse({ rows: [{ ...row, version: 0 }] }).success).toBe(false);
  });
});

describe('treeOrder', () => {
  it('lists parents before children with their depth, siblings by number', () => {
    const units = [
      { id: 4, parentId: 2, number: 'P-01-02' },
      { id: 1, parentId: null, number: 'P' },
      { id: 3, parentId: 2, number: 'P-01-01' },
      { id: 2, parentId: 1, number: 'P-01' },
      { id: 5, parentId: 1, number: 'P-02' },
    ];
    expect(treeOrder(units, 1).map((unit) => [unit.id, unit.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 1],
    ]);
  });
});

describe('changedPlanningRows', () => {
  const unit = (id: number, extra: Partial<PlanningUnit> = {}): PlanningUnit => ({
    projectUnitID: id,
    projectUnitNo: `P-${id}`,
    title: `Unit ${id}`,
    projectUnitType: 'approvallot',
    depth: 1,
    productTypeID: null,
    plantID: null,
    orderNumber: '',
    preliminaryDays: 10,
    version: id + 1,
    ...extra,
  });

  it('sends only rows that differ, with the version they were loaded at', () => {
    const loaded = [unit(1), unit(2, { productTypeID: 7, orderNumber: 'A' })];
    const edited = [
      { projectUnitID: 1, productTypeID: 7, plantID: 3, orderNumber: '' },
      { projectUnitID: 2, productTypeID: 7, plantID: null, orderNumber: ' A ' },
    ];
    expect(changedPlanningRows(loaded, edited)).toEqual([{ projectUnitID: 1, productTypeID: 7, plantID: 3, orderNumber: '', version: 2 }]);
  });
});
