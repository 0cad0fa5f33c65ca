import { describe, expect, it } from 'vitest';
import {
  availableVolume,
  canConfirmDeliveries,
  canEditCclSchedule,
  canEditMaterials,
  canMarkDone,
  cclScheduleEntrySchema,
  deliveryLotUpdateSchema,
  lotMaterialProblems,
  materialListSchema,
  parseWallNos,
  plannedDeliveryLots,
  showsDeliveryDates,
  showsDeliveryOverview,
  readableLotTitle,
} from '../../../src/domain/deliveries';
import type { MaterialType } from '../../../src/domain/structure';

const types: MaterialType[] = [{ key: 'Planelemente', label: 'Planelemente', productTypeID: 1, minDate: '2026-12-05' }];
const context = (available: number) => ({ available, materialTypes: types, minDate: () => '2026-12-05' });
const row = (volume: number, deliveryDate = '2026-12-10') => ({ type: 'Planelemente', volume, deliveryDate });

describe('approval lot material rules', () => {
  it('available volume is 350 minus the other lots, never below 0', () => {
    expect(availableVolume(0)).toBe(350);
    expect(availableVolume(94.75)).toBe(255.25);
    expect(availableVolume(400)).toBe(0);
  });

  it('each row may hold the available volume minus the lot’s other rows (message with Max)', () => {
    expect(lotMaterialProblems([row(100), row(155.25)], context(255.25))).toEqual([]);
    expect(lotMaterialProblems([row(100), row(156)], context(255.25))).toEqual([
      { path: [0, 'volume'], key: 'STRUCTURE.Errors.VolumeMax', params: { available: 99.25 } },
      { path: [1, 'volume'], key: 'STRUCTURE.Errors.VolumeMax', params: { available: 155.25 } },
    ]);
  });

  it('one row’s overflow is that row’s problem: an untouched row does not read "Max: 0 m³" (issue 20)', () => {
    expect(lotMaterialProblems([row(100), row(400)], context(350))).toEqual([{ path: [1, 'volume'], key: 'STRUCTURE.Errors.VolumeMax', params: { available: 250 } }]);
    expect(lotMaterialProblems([row(400), row(100)], context(350))).toEqual([{ path: [0, 'volume'], key: 'STRUCTURE.Errors.VolumeMax', params: { available: 250 } }]);
  });

  it('allows volume 0 (spec minimum 0) but not below; wants the earliest date', () => {
    expect(lotMaterialProblems([row(0)], context(10))).toEqual([]);
    // The message matches the rule: 0 is allowed, so it does not ask for "greater than 0" (issue 20).
    expect(lotMaterialProblems([row(-1)], context(10)).map((p) => p.key)).toEqual(['STRUCTURE.Errors.VolumeNotNegative']);
    expect(lotMaterialProblems([row(1, '2026-12-04')], context(10))).toEqual([{ path: [0, 'deliveryDate'], key: 'STRUCTURE.Errors.DateTooEarly', params: { minDate: '2026-12-05' } }]);
  });

  it('parses a material list, at most 50 rows', () => {
    expect(materialListSchema.safeParse([row(1)]).success).toBe(true);
    expect(materialListSchema.safeParse([{ type: 'x', volume: '1', deliveryDate: '2026-12-10' }]).success).toBe(false);
    expect(materialListSchema.safeParse(Array.from({ length: 51 }, () => row(1))).success).toBe(false);
  });
});

describe('planned delivery lots', () => {
  it('one per subproject and date, with the lots and walls it brings, ordered by date', () => {
    const planned = plannedDeliveryLots([
      {
        subprojectId: 1,
        subprojectTitle: 'Haus A',
        lots: [
          { unitId: 11, title: 'EG', wallNos: ['W1', 'W2'], materials: [{ deliveryDate: '2026-12-10' }, { deliveryDate: '2027-01-05' }] },
          { unitId: 12, title: 'OG', wallNos: ['W2', 'W3'], materials: [{ deliveryDate: '2026-12-10' }] },
        ],
      },
      { subprojectId: 2, subprojectTitle: 'Haus B', lots: [{ unitId: 21, title: 'EG', wallNos: [], materials: [{ deliveryDate: '2026-12-01' }] }] },
    ]);
    expect(planned).toEqual([
      { subprojectId: 2, title: 'Haus B – 2026-12-01', deliveryDate: '2026-12-01', groups: 'EG', wallNos: '', unitIds: [21] },
      { subprojectId: 1, title: 'Haus A – 2026-12-10', deliveryDate: '2026-12-10', groups: 'EG, OG', wallNos: 'W1,W2,W3', unitIds: [11, 12] },
      { subprojectId: 1, title: 'Haus A – 2027-01-05', deliveryDate: '2027-01-05', groups: 'EG', wallNos: 'W1,W2', unitIds: [11] },
    ]);
  });

  it('parses wall lists', () => {
    expect(parseWallNos(' W1, ,W2 ')).toEqual(['W1', 'W2']);
    expect(parseWallNos(undefined)).toEqual([]);
  });
});

describe('delivery permissions and the done action', () => {
  it('done shows for OnCall and Planned only; confirming is for staff and admins', () => {
    expect([0, 1, 2].map(canMarkDone)).toEqual([false, true, true]);
    expect(canConfirmDeliveries({ isInternal: true, isAdmin: false })).toBe(true);
    expect(canConfirmDeliveries({ isInternal: false, isAdmin: true })).toBe(true);
    expect(canConfirmDeliveries({ isInternal: false, isAdmin: false })).toBe(false);
    expect(deliveryLotUpdateSchema.safeParse({ deliveryType: 0 }).success).toBe(true);
    expect(deliveryLotUpdateSchema.safeParse({ deliveryType: 2 }).success).toBe(false);
  });

  it('materials: members and staff while the project is open', () => {
    expect(canEditMaterials({ role: 'reviewer', isInternal: false, rootState: 'InProgress' }).allowed).toBe(true);
    expect(canEditMaterials({ role: null, isInternal: true, rootState: 'InProgress' }).allowed).toBe(true);
    expect(canEditMaterials({ role: 'reviewer', isInternal: false, rootState: 'Closed' })).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
  });

  it('CCL schedule: members while Preparing, staff always; weeks as yyyy-Www', () => {
    expect(canEditCclSchedule({ isInternal: false, role: 'projectCoordinator', rootState: 'Preparing' })).toBe(true);
    expect(canEditCclSchedule({ isInternal: false, role: 'projectCoordinator', rootState: 'CheckDataMissing' })).toBe(false);
    expect(canEditCclSchedule({ isInternal: true, role: null, rootState: 'CheckDataMissing' })).toBe(true);
    expect(cclScheduleEntrySchema.safeParse({ deliveryWeek: '2027-W06' }).success).toBe(true);
    expect(cclScheduleEntrySchema.safeParse({ deliveryWeek: '2027-W54' }).success).toBe(false);
    expect(cclScheduleEntrySchema.parse({})).toEqual({ features: '', deliveryWeek: '', note: '' });
  });
});

describe('delivery buttons of the project actions card', () => {
  const context = { isRoot: true, rootState: 'InProgress', features: ['CreateStructure', 'DeliveryOverview'] };
  it('delivery dates: root, CreateStructure, not while Structuring', () => {
    expect(showsDeliveryDates(context)).toBe(true);
    expect(showsDeliveryDates({ ...context, rootState: 'Structuring' })).toBe(false);
    expect(showsDeliveryDates({ ...context, isRoot: false })).toBe(false);
    expect(showsDeliveryDates({ ...context, features: ['DeliveryOverview'] })).toBe(false);
  });
  it('delivery overview: root with DeliveryOverview, in any state', () => {
    expect(showsDeliveryOverview({ ...context, rootState: 'Structuring' })).toBe(true);
    expect(showsDeliveryOverview({ ...context, features: [] })).toBe(false);
    expect(showsDeliveryOverview({ ...context, isRoot: false })).toBe(false);
  });
});

describe('readableLotTitle', () => {
  const german = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('de', { timeZone: 'UTC', dateStyle: 'medium' });
  it('shows the ISO date a delivery title ends with in the reader’s format', () => {
    expect(readableLotTitle('Wandelemente Klassentrakt – 2026-12-25', '2026-12-25T00:00:00.000Z', german)).toBe('Wandelemente Klassentrakt – 25.12.2026');
  });
  it('leaves other titles alone (another date, no date)', () => {
    expect(readableLotTitle('Klassentrakt – 2026-12-24', '2026-12-25', german)).toBe('Klassentrakt – 2026-12-24');
    expect(readableLotTitle('Sonderlieferung', '2026-12-25', german)).toBe('Sonderlieferung');
  });
});
