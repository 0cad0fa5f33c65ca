import { describe, expect, it } from 'vitest';
import { latestEarliestDate, materialTypeForContent, movedToEarliest, tooEarlyDates } from '../../../src/domain/deliveryDates';
import { mapIfcStructure, withProposedMaterials, type IfcFacts } from '../../../src/domain/ifcStructure';
import { isSmallVolume, showsSmallVolumeNotice } from '../../../src/domain/orders';

// Issue #39: the imported lot's material from its content; dates the rules overtook; the small-volume notice.
const types = [
  { key: 'deckenelemente', minDate: '2026-12-05' },
  { key: 'planelemente', minDate: '2026-12-08' },
  { key: 'stuerze', minDate: '2026-12-12' },
];

describe('materialTypeForContent', () => {
  it('gives walls the wall-element type, slabs alone the floor-element type, nothing else a type', () => {
    expect(materialTypeForContent({ walls: 9, slabs: 1 }, types)).toBe('planelemente');
    expect(materialTypeForContent({ walls: 0, slabs: 2 }, types)).toBe('deckenelemente');
    expect(materialTypeForContent({ walls: 0, slabs: 0 }, types)).toBeNull();
    expect(materialTypeForContent({ walls: 3, slabs: 0 }, [{ key: 'deckenelemente' }])).toBeNull();
    expect(materialTypeForContent({ walls: 3, slabs: 0 }, [{ key: 'custom' }])).toBeNull();
  });
});

describe('the structure import with proposed materials', () => {
  const facts: IfcFacts = {
    buildings: [{ id: 1, name: 'Haus' }],
    storeys: [
      { id: 2, name: 'EG', elevation: 0, buildingId: 1 },
      { id: 3, name: 'Dach', elevation: 6, buildingId: 1 },
    ],
    walls: [{ id: 10, name: 'W1', containerIds: [2] }],
    groups: [],
    slabs: [
      { id: 20, containerIds: [2] },
      { id: 21, containerIds: [3] },
    ],
  };
  it('counts each storey’s slabs and proposes its type with that type’s earliest date', () => {
    const [house] = withProposedMaterials(mapIfcStructure(facts), types).subProjects;
    expect(house.lots.map((lot) => [lot.name, lot.wallNos.length, lot.slabCount ?? 0, lot.materialType, lot.deliveryDate])).toEqual([
      ['EG', 1, 1, 'planelemente', '2026-12-08'],
      ['Dach', 0, 1, 'deckenelemente', '2026-12-05'],
    ]);
  });
});

describe('overtaken delivery dates', () => {
  const minDate = (type: string) => ({ planelemente: '2026-12-10', stuerze: '2026-12-12' })[type] ?? '2026-12-01';
  const rows = [
    { type: 'planelemente', volume: 10, deliveryDate: '2026-12-08' },
    { type: 'stuerze', volume: 1, deliveryDate: '2026-12-20' },
    { type: 'planelemente', volume: 5, deliveryDate: '2026-12-10' },
  ];
  it('names the rows before their earliest date, with that date', () => {
    expect(tooEarlyDates(rows, minDate)).toEqual([{ index: 0, type: 'planelemente', deliveryDate: '2026-12-08', earliestDate: '2026-12-10' }]);
    expect(tooEarlyDates(rows.slice(1), minDate)).toEqual([]);
  });
  it('moves only those rows to their earliest date', () => {
    expect(movedToEarliest(rows, minDate).map((row) => row.deliveryDate)).toEqual(['2026-12-10', '2026-12-20', '2026-12-10']);
    expect(tooEarlyDates(movedToEarliest(rows, minDate), minDate)).toEqual([]);
  });
  it('names the latest of the new dates for the fix button', () => {
    expect(latestEarliestDate(tooEarlyDates(rows, minDate))).toBe('2026-12-10');
    expect(latestEarliestDate([])).toBeNull();
  });
});

describe('showsSmallVolumeNotice', () => {
  it('asks for a change only where rows can change', () => {
    expect(isSmallVolume(5)).toBe(true);
    expect(showsSmallVolumeNotice(5, true)).toBe(true);
    expect(showsSmallVolumeNotice(5, false)).toBe(false);
    expect(showsSmallVolumeNotice(30, true)).toBe(false);
  });
});
