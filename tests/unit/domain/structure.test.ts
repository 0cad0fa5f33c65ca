import { describe, expect, it } from 'vitest';
import {
  addDays,
  canEditStructure,
  draftFromIfc,
  orderLotDeliveryDate,
  pickIfcEntries,
  duplicateNames,
  isIsoDate,
  mergeIfcDraft,
  minDateFor,
  newSubproject,
  normaliseDraft,
  structureProblems,
  subprojectVolume,
  sumVolume,
  usualMaterialType,
  type StructureDraft,
  type StructureRules,
} from '../../../src/domain/structure';

const rules: StructureRules = {
  today: '2026-11-21',
  materialTypes: [
    { key: 'Planelemente', label: 'Planelemente', productTypeID: 1, minDate: '2026-12-05' },
    { key: 'Stürze', label: 'Stürze', productTypeID: 2, minDate: '2026-11-28' },
  ],
  unitMinDates: { '7': { Planelemente: '2026-12-12', Stürze: '2026-12-12' } },
  otherSubprojectNames: ['Stürze'],
};

const lot = (id: string, name: string, materials: StructureDraft['subprojects'][0]['children'][0]['materials'] = [], extra = {}) => ({ id, name, materials, ...extra });
const mat = (volume: number, deliveryDate = '2026-12-10', type = 'Planelemente') => ({ type, volume, deliveryDate });
const draftOf = (...subprojects: StructureDraft['subprojects']): StructureDraft => ({ subprojects });
const keys = (draft: StructureDraft) => structureProblems(draft, rules).map((problem) => `${problem.path.join('.')}:${problem.key}`);

describe('structureProblems', () => {
  it('accepts a complete draft', () => {
    expect(keys(draftOf({ id: 'a', name: 'Haus A', children: [lot('1', 'EG', [mat(100), mat(20, '2026-11-28', 'Stürze')]), lot('2', 'OG', [mat(230)])] }))).toEqual([]);
  });

  it('wants at least one subproject and names', () => {
    expect(keys(draftOf())).toEqual(['subprojects:STRUCTURE.Errors.NoSubprojects']);
    expect(keys(draftOf({ id: 'a', name: '  ', children: [lot('1', 'EG', [mat(1)])] }))).toEqual(['subprojects.0.name:STRUCTURE.Errors.NameRequired']);
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', '', [mat(1)])] }))).toEqual(['subprojects.0.children.0.name:STRUCTURE.Errors.NameRequired']);
  });

  it('refuses duplicate subproject names (case and blanks ignored), also against the root’s other subprojects', () => {
    const one = { id: 'a', name: 'Haus A', children: [lot('1', 'EG', [mat(1)])] };
    expect(keys(draftOf(one, { ...one, id: 'b', name: ' haus a' }))).toEqual(['subprojects.1.name:STRUCTURE.Errors.DuplicateSubproject']);
    expect(keys(draftOf({ ...one, name: 'stürze' }))).toEqual(['subprojects.0.name:STRUCTURE.Errors.DuplicateSubproject']);
  });

  it('refuses duplicate lot names within a subproject, not across subprojects', () => {
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(1)]), lot('2', 'eg', [mat(1)])] }))).toEqual([
      'subprojects.0.children.1.name:STRUCTURE.Errors.DuplicateApprovalLot',
    ]);
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(1)])] }, { id: 'b', name: 'B', children: [lot('2', 'EG', [mat(1)])] }))).toEqual([]);
  });

  it('blocks a subproject holding only its empty placeholder, or nothing; ignores a placeholder beside real lots', () => {
    expect(keys(draftOf(newSubproject('Neu')))).toEqual(['subprojects.0.children:STRUCTURE.Errors.PlaceholderOnly']);
    expect(keys(draftOf({ id: 'a', name: 'A', children: [] }))).toEqual(['subprojects.0.children:STRUCTURE.Errors.NoApprovalLots']);
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(1)]), lot('2', '')] }))).toEqual([]);
  });

  it('wants volume > 0, a delivery date, a known type', () => {
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(0), mat(-1), mat(Number.NaN)])] }))).toEqual([
      'subprojects.0.children.0.materials.0.volume:STRUCTURE.Errors.VolumePositive',
      'subprojects.0.children.0.materials.1.volume:STRUCTURE.Errors.VolumePositive',
      'subprojects.0.children.0.materials.2.volume:STRUCTURE.Errors.VolumePositive',
    ]);
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(5, ''), mat(5, '2026-13-40'), mat(5, '2026-12-10', 'Beton')])] }))).toEqual([
      'subprojects.0.children.0.materials.0.deliveryDate:STRUCTURE.Errors.DateRequired',
      'subprojects.0.children.0.materials.1.deliveryDate:VALIDATION.InvalidDate',
      'subprojects.0.children.0.materials.2.type:STRUCTURE.Errors.UnknownMaterialType',
    ]);
  });

  it('wants dates no earlier than the type’s (or the existing unit’s) earliest date', () => {
    const early = structureProblems(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(5, '2026-12-04')])] }), rules);
    expect(early).toEqual([{ path: ['subprojects', 0, 'children', 0, 'materials', 0, 'deliveryDate'], key: 'STRUCTURE.Errors.DateTooEarly', params: { minDate: '2026-12-05' } }]);
    expect(keys(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(5, '2026-11-28', 'Stürze')])] }))).toEqual([]);
    expect(keys(draftOf({ id: 'a', name: 'A', projectUnitID: 3, children: [lot('1', 'EG', [mat(5, '2026-12-10')], { projectUnitID: 7 })] }))).toEqual([
      'subprojects.0.children.0.materials.0.deliveryDate:STRUCTURE.Errors.DateTooEarly',
    ]);
    expect(minDateFor(rules, { projectUnitID: 7 }, 'Stürze')).toBe('2026-12-12');
    expect(minDateFor(rules, {}, 'unknown')).toBe(rules.today);
  });

  it('allows 350 m³ per subproject exactly, not more', () => {
    const at = { id: 'a', name: 'A', children: [lot('1', 'EG', [mat(150.25)]), lot('2', 'OG', [mat(199.75)])] };
    expect(subprojectVolume(at)).toBe(350);
    expect(keys(draftOf(at))).toEqual([]);
    const over = { ...at, children: [...at.children, lot('3', 'DG', [mat(0.001)])] };
    expect(structureProblems(draftOf(over), rules)).toEqual([{ path: ['subprojects', 0], key: 'STRUCTURE.Errors.LimitReached', params: { max: 350, total: 350.001 } }]);
  });
});

describe('draft helpers', () => {
  it('sums volumes to litres', () => {
    expect(sumVolume([{ volume: 0.1 }, { volume: 0.2 }])).toBe(0.3);
  });

  it('lists duplicate names for the proceed dialog', () => {
    const draft = draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG'), lot('2', 'EG')] }, { id: 'b', name: 'a', children: [] });
    expect(duplicateNames(draft).sort()).toEqual(['EG', 'a']);
  });

  it('normalises: trims names, drops placeholders, rounds volumes', () => {
    const draft = draftOf({ id: 'a', name: ' A ', children: [lot('1', ' EG ', [mat(1.23456)]), lot('2', '')] });
    expect(normaliseDraft(draft).subprojects[0]).toMatchObject({ name: 'A', children: [{ name: 'EG', materials: [{ volume: 1.235 }] }] });
  });

  it('builds a draft from an IFC structure: lots with their walls, the walls\' volume and the earliest allowed date, valid as imported', () => {
    const draft = draftFromIfc(
      { subProjects: [{ title: 'Haus A', approvalLots: ['A1', 'A2'], lots: [{ name: 'A1', wallNos: ['W1'], volume: 12.5 }, { name: 'A2', wallNos: ['W2'], volume: 3 }] }] },
      { type: 'Planelemente', rules },
    );
    expect(draft.subprojects[0]).toMatchObject({ name: 'Haus A', children: [{ name: 'A1', wallNos: ['W1'], materials: [{ type: 'Planelemente', volume: 12.5, deliveryDate: '2026-12-05' }] }, { name: 'A2' }] });
    expect(draft.subprojects[0].children[0].parentID).toBe(draft.subprojects[0].id);
    expect(keys(draft)).toEqual([]);
  });

  it('leaves the volume to the customer where the model does not know it', () => {
    const draft = draftFromIfc({ subProjects: [{ title: 'Haus A', approvalLots: ['A1'], lots: [{ name: 'A1', wallNos: ['W1'], volume: null }] }] }, { type: 'Planelemente', rules });
    expect(keys(draft)).toEqual(['subprojects.0.children.0.materials.0.volume:STRUCTURE.Errors.VolumePositive']);
  });

  it('proposes an AAC subproject with an order lot per storey with walls where the tenant sells AAC elements', () => {
    const structure = {
      subProjects: [
        {
          title: 'Haus A',
          approvalLots: ['BA1'],
          lots: [{ name: 'BA1', wallNos: ['W1', 'W2'], volume: 4 }],
          storeys: [
            { name: 'EG', wallNos: ['W1'] },
            { name: 'OG', wallNos: ['W2'] },
            { name: 'Dach', wallNos: [] },
          ],
        },
      ],
    };
    const aacName = (building: string) => `${building} – AAC`;
    const draft = draftFromIfc(structure, { type: 'Planelemente', rules: { ...rules, sellsAac: true }, aacName });
    expect(draft.subprojects.map((s) => [s.name, s.variant, s.children.map((l) => [l.name, l.wallNos, l.materials.length])])).toEqual([
      ['Haus A', undefined, [['BA1', ['W1', 'W2'], 1]]],
      ['Haus A – AAC', 'aac_elements', [['EG', ['W1'], 0], ['OG', ['W2'], 0]]],
    ]);
    expect(structureProblems(draft, { ...rules, sellsAac: true })).toEqual([]);
    // Not offered where the tenant sells none, and refused there (the API checks the same rule).
    expect(draftFromIfc(structure, { type: 'Planelemente', rules, aacName }).subprojects).toHaveLength(1);
    expect(keys(draft)).toEqual(['subprojects.1.name:STRUCTURE.Errors.NoAacElements']);
    // Order lots hold no material rows.
    const withRows = { subprojects: [draft.subprojects[0], { ...draft.subprojects[1], children: [{ ...draft.subprojects[1].children[0], materials: [mat(1)] }] }] };
    expect(structureProblems(withRows, { ...rules, sellsAac: true }).map((p) => p.key)).toEqual(['STRUCTURE.Errors.NoMaterialsForOrderLots']);
  });

  it('leaves out what the customer unticked (a subproject without lots goes too)', () => {
    const draft = draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG'), lot('2', 'OG')] }, { id: 'b', name: 'B', children: [lot('3', 'EG')] });
    expect(pickIfcEntries(draft, new Set(['2', 'b'])).subprojects.map((s) => [s.name, s.children.map((l) => l.name)])).toEqual([['A', ['EG']]]);
    expect(pickIfcEntries(draft, new Set(['1', '2'])).subprojects.map((s) => s.name)).toEqual(['B']);
  });

  it('gives a new order lot the earliest allowed date', () => {
    expect(orderLotDeliveryDate({ today: '2026-11-21', orderLotMinDate: '2026-12-01' })).toBe('2026-12-01');
    expect(orderLotDeliveryDate({ today: '2026-11-21' })).toBe('2026-11-21');
  });

  it('computes calendar dates', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });
});

describe('canEditStructure', () => {
  const base = { role: 'reviewer' as const, isInternal: false, rootState: 'Structuring', tenantType: 'standard' as const, infoSheetValid: true };
  it('lets members build while Structuring, CCL members while Preparing, salesPlanners in any open state', () => {
    expect(canEditStructure(base).allowed).toBe(true);
    expect(canEditStructure({ ...base, rootState: 'PendingValidation' })).toEqual({ allowed: false, reason: 'PROJECTS.Rules.CreateOnlyInStructuring' });
    expect(canEditStructure({ ...base, rootState: 'Preparing', tenantType: 'ccl' }).allowed).toBe(true);
    expect(canEditStructure({ ...base, rootState: 'Preparing' }).allowed).toBe(false);
    expect(canEditStructure({ ...base, role: 'salesPlanner', rootState: 'PendingContract' }).allowed).toBe(true);
    expect(canEditStructure({ ...base, role: 'salesPlanner', rootState: 'Closed' })).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
  });
  it('is blocked by an invalid information sheet (not for salesPlanners) and for non-members', () => {
    expect(canEditStructure({ ...base, infoSheetValid: false })).toEqual({ allowed: false, reason: 'PROJECTS.Rules.InvalidPIS' });
    expect(canEditStructure({ ...base, role: 'salesPlanner', infoSheetValid: false }).allowed).toBe(true);
    expect(canEditStructure({ ...base, role: null }).allowed).toBe(false);
  });
});

describe('mergeIfcDraft', () => {
  it('adds the model’s lots to a subproject of the same name and appends the other subprojects', () => {
    const draft = draftOf({ id: 'a', name: 'Haus A', projectUnitID: 4, children: [lot('1', 'Erdgeschoss', [mat(10)], { projectUnitID: 5 })] }, newSubproject('Garage'));
    const imported = draftFromIfc(
      { subProjects: [{ title: 'haus a', approvalLots: ['Erdgeschoss', 'A1'] }, { title: 'Garage', approvalLots: ['UG'] }, { title: 'Haus C', approvalLots: ['EG'] }] },
      { type: 'Planelemente', rules },
    );
    const merged = mergeIfcDraft(draft, imported);
    expect(merged.subprojects.map((s) => [s.name, s.children.map((l) => l.name)])).toEqual([
      ['Haus A', ['Erdgeschoss', 'A1']],
      ['Garage', ['UG']],
      ['Haus C', ['EG']],
    ]);
    expect(merged.subprojects[0].children[1].parentID).toBe('a');
    expect(draft.subprojects[0].children).toHaveLength(1);
  });
});

describe('usualMaterialType', () => {
  it('is the type the draft uses most, else the first offered', () => {
    const draft = draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(1, '2026-12-10', 'Stürze'), mat(1), mat(2)])] });
    expect(usualMaterialType(draft, rules.materialTypes)).toBe('Planelemente');
    expect(usualMaterialType(draftOf(), rules.materialTypes)).toBe('Planelemente');
    expect(usualMaterialType(draftOf({ id: 'a', name: 'A', children: [lot('1', 'EG', [mat(1, '2026-12-10', 'Stürze')])] }), rules.materialTypes)).toBe('Stürze');
    expect(usualMaterialType(draftOf(), [])).toBe('');
  });
});
