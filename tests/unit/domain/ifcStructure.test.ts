import { describe, expect, it } from 'vitest';
import { ENGLISH_FALLBACK_NAMES, hasIfcStructure, IFC_NAME_MAX, IFC_WALL_NO_MAX, mapIfcStructure, storeyName, storeyNumbers, uniqueNames, type IfcFacts } from '../../../src/domain/ifcStructure';

const facts = (partial: Partial<IfcFacts>): IfcFacts => ({ projectName: 'Projekt', siteName: 'Gelände', buildings: [], storeys: [], walls: [], groups: [], ...partial });
const wall = (id: number, name: string | null, ...containerIds: number[]) => ({ id, name, containerIds });

describe('uniqueNames', () => {
  it('suffixes repeated names, ignoring case, and skips suffixes already taken', () => {
    expect(uniqueNames(['EG', 'OG', 'eg', 'EG', 'EG (2)'])).toEqual(['EG', 'OG', 'eg (2)', 'EG (3)', 'EG (2) (2)']);
    expect(uniqueNames(['A', 'A (2)', 'A'])).toEqual(['A', 'A (2)', 'A (3)']);
  });

  it('keeps every name within the draft limit, suffix included', () => {
    const long = 'x'.repeat(IFC_NAME_MAX + 20);
    const [first, second] = uniqueNames([long, long]);
    expect(first).toHaveLength(IFC_NAME_MAX);
    expect(second).toHaveLength(IFC_NAME_MAX);
    expect(second.endsWith(' (2)')).toBe(true);
  });
});

describe('mapIfcStructure', () => {
  it('makes every building a subproject with one lot per storey, ordered by elevation', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Haus B' }, { id: 2, name: 'Haus A' }],
        storeys: [
          { id: 10, name: 'Obergeschoss', elevation: 3, buildingId: 1 },
          { id: 11, name: 'Erdgeschoss', elevation: 0, buildingId: 1 },
          { id: 12, name: 'Keller', elevation: -2.5, buildingId: 1 },
          { id: 13, name: 'Erdgeschoss', elevation: 0, buildingId: 2 },
        ],
        walls: [wall(21, 'B-OG-1', 10), wall(20, 'B-EG-1', 11), wall(22, 'B-EG-2', 11), wall(23, 'A-EG-1', 13)],
      }),
    );
    expect(result).toEqual({
      subProjects: [
        {
          title: 'Haus B',
          approvalLots: ['Keller', 'Erdgeschoss', 'Obergeschoss'],
          lots: [
            { name: 'Keller', wallNos: [] },
            { name: 'Erdgeschoss', wallNos: ['B-EG-1', 'B-EG-2'] },
            { name: 'Obergeschoss', wallNos: ['B-OG-1'] },
          ],
        },
        { title: 'Haus A', approvalLots: ['Erdgeschoss'], lots: [{ name: 'Erdgeschoss', wallNos: ['A-EG-1'] }] },
      ],
    });
  });

  it('uses the groups of a building as its lots, a group spanning storeys keeps all its walls', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Haus A' }],
        storeys: [
          { id: 10, name: 'EG', elevation: 0, buildingId: 1 },
          { id: 11, name: 'OG', elevation: 3, buildingId: 1 },
        ],
        walls: [wall(20, 'W1', 10), wall(21, 'W2', 10), wall(22, 'W3', 11), wall(23, 'W4', 11)],
        groups: [
          { id: 31, name: 'Bauabschnitt 2', memberIds: [23] },
          // Assigned in another order, with a non-wall and a repeated wall: file order, each wall once.
          { id: 30, name: 'Bauabschnitt 1', memberIds: [22, 20, 999, 20] },
        ],
      }),
    );
    expect(result.subProjects).toEqual([
      {
        title: 'Haus A',
        approvalLots: ['Bauabschnitt 1', 'Bauabschnitt 2'],
        lots: [
          { name: 'Bauabschnitt 1', wallNos: ['W1', 'W3'] },
          { name: 'Bauabschnitt 2', wallNos: ['W4'] },
        ],
      },
    ]);
  });

  it('gives a group spanning two buildings a lot in each, with that building’s walls only', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Nord' }, { id: 2, name: 'Süd' }, { id: 3, name: 'Ost' }],
        storeys: [
          { id: 10, name: 'EG', elevation: 0, buildingId: 1 },
          { id: 11, name: 'EG', elevation: 0, buildingId: 2 },
          { id: 12, name: 'EG', elevation: 0, buildingId: 3 },
        ],
        walls: [wall(20, 'N1', 10), wall(21, 'S1', 11), wall(22, 'O1', 12), wall(23, 'N2', 1)],
        groups: [
          { id: 30, name: 'Phase 1', memberIds: [20, 21, 23] },
          { id: 31, name: 'Leer', memberIds: [] },
        ],
      }),
    );
    expect(result.subProjects).toEqual([
      { title: 'Nord', approvalLots: ['Phase 1'], lots: [{ name: 'Phase 1', wallNos: ['N1', 'N2'] }] },
      { title: 'Süd', approvalLots: ['Phase 1'], lots: [{ name: 'Phase 1', wallNos: ['S1'] }] },
      // No group has walls in Ost: storeys.
      { title: 'Ost', approvalLots: ['EG'], lots: [{ name: 'EG', wallNos: ['O1'] }] },
    ]);
  });

  it('lists a wall contained in several storeys once, in the lowest', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Haus' }],
        storeys: [
          { id: 11, name: 'OG', elevation: 3, buildingId: 1 },
          { id: 10, name: 'EG', elevation: 0, buildingId: 1 },
        ],
        walls: [wall(20, 'Treppenhauswand', 11, 10, 10), wall(21, 'EG-1', 10)],
      }),
    );
    expect(result.subProjects[0].lots).toEqual([
      { name: 'EG', wallNos: ['Treppenhauswand', 'EG-1'] },
      { name: 'OG', wallNos: [] },
    ]);
  });

  it('without a building: one subproject named after the project, else the site, with lots per storey', () => {
    const storeys = [
      { id: 10, name: 'Erdgeschoss', elevation: 0, buildingId: null },
      { id: 11, name: 'Dach', elevation: null, buildingId: null },
      { id: 12, name: 'Obergeschoss', elevation: 3, buildingId: null },
    ];
    const walls = [wall(20, 'W1', 10), wall(21, 'W2', 12)];
    expect(mapIfcStructure(facts({ storeys, walls }))).toEqual({
      subProjects: [
        {
          title: 'Projekt',
          approvalLots: ['Erdgeschoss', 'Obergeschoss', 'Dach'],
          lots: [
            { name: 'Erdgeschoss', wallNos: ['W1'] },
            { name: 'Obergeschoss', wallNos: ['W2'] },
            { name: 'Dach', wallNos: [] },
          ],
        },
      ],
    });
    expect(mapIfcStructure(facts({ projectName: '  ', storeys })).subProjects[0].title).toBe('Gelände');
    expect(mapIfcStructure(facts({ projectName: null, siteName: null, storeys })).subProjects[0].title).toBe('Building 1');
  });

  it('puts storeys outside every building into an extra subproject after the buildings', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Projekt' }],
        storeys: [
          { id: 10, name: 'EG', elevation: 0, buildingId: 1 },
          // Aggregated into something that is no building of the model.
          { id: 11, name: 'Außenanlage', elevation: 0, buildingId: 99 },
        ],
      }),
    );
    expect(result.subProjects.map((subProject) => [subProject.title, subProject.approvalLots])).toEqual([
      ['Projekt', ['EG']],
      ['Projekt (2)', ['Außenanlage']],
    ]);
  });

  it('makes duplicate titles and lot names unique and numbers missing names', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Haus' }, { id: 2, name: 'Haus' }, { id: 3, name: '', longName: 'Langer Name' }, { id: 4, name: null }],
        storeys: [
          { id: 10, name: 'Geschoss', elevation: 0, buildingId: 1 },
          { id: 11, name: 'Geschoss', elevation: 3, buildingId: 1 },
          { id: 12, name: ' ', elevation: 6, buildingId: 1 },
          { id: 13, name: null, longName: 'Dachgeschoss', elevation: 9, buildingId: 1 },
        ],
        walls: [{ id: 20, name: '', tag: 'T-1', containerIds: [10] }, { id: 21, name: null, globalId: '0123456789abcdefghijkl', containerIds: [10] }, { id: 22, containerIds: [11] }, { id: 23, name: 'x'.repeat(150), containerIds: [11] }],
        groups: [{ id: 30, name: null, memberIds: [] }],
      }),
      { building: (n) => `Gebäude ${n}`, storey: (n) => `Geschoss ${n}`, group: (n) => `Gruppe ${n}` },
    );
    expect(result.subProjects.map((subProject) => subProject.title)).toEqual(['Haus', 'Haus (2)', 'Langer Name', 'Gebäude 4']);
    expect(result.subProjects[0].approvalLots).toEqual(['Geschoss', 'Geschoss (2)', 'Geschoss 3', 'Dachgeschoss']);
    expect(result.subProjects[0].lots[0].wallNos).toEqual(['T-1', '0123456789abcdefghijkl']);
    expect(result.subProjects[0].lots[1].wallNos).toEqual(['#22', 'x'.repeat(IFC_WALL_NO_MAX)]);
    expect(result.subProjects.slice(1).every((subProject) => subProject.lots.length === 0)).toBe(true);
  });

  it('numbers an unnamed storey by its place in the whole model from the bottom (storeyNumbers), as the viewer does', () => {
    const storeys = [
      { id: 12, name: null, elevation: 3, buildingId: 2 },
      { id: 11, name: '', elevation: 0, buildingId: 2 },
      { id: 10, name: ' ', elevation: 0, buildingId: 1 },
      { id: 13, name: null, elevation: null, buildingId: 1 },
    ];
    expect([...storeyNumbers(storeys)]).toEqual([
      [10, 1],
      [11, 2],
      [12, 3],
      [13, 4],
    ]);
    const result = mapIfcStructure(facts({ buildings: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], storeys }), { ...ENGLISH_FALLBACK_NAMES, storey: (n) => `Verdieping ${n}` });
    expect(result.subProjects.map((subProject) => subProject.approvalLots)).toEqual([
      ['Verdieping 1', 'Verdieping 4'],
      ['Verdieping 2', 'Verdieping 3'],
    ]);
    expect(storeyName({ name: ' ', longName: ' Keller ' }, 9, (n) => `Storey ${n}`)).toBe('Keller');
    expect(storeyName({ name: null }, 9, (n) => `Storey ${n}`)).toBe('Storey 9');
  });

  it('numbers unnamed groups and makes repeated group names unique', () => {
    const result = mapIfcStructure(
      facts({
        buildings: [{ id: 1, name: 'Haus' }],
        storeys: [{ id: 10, name: 'EG', elevation: 0, buildingId: 1 }],
        walls: [wall(20, 'W1', 10), wall(21, 'W2', 10), wall(22, 'W3', 10)],
        groups: [
          { id: 30, name: 'BA', memberIds: [20] },
          { id: 31, name: 'ba', memberIds: [21] },
          { id: 32, name: '', memberIds: [22] },
        ],
      }),
    );
    expect(result.subProjects[0].lots).toEqual([
      { name: 'BA', wallNos: ['W1'] },
      { name: 'ba (2)', wallNos: ['W2'] },
      { name: 'Group 3', wallNos: ['W3'] },
    ]);
  });

  it('knows when a model has nothing to build a structure from', () => {
    expect(hasIfcStructure(facts({ walls: [wall(1, 'W', 2)] }))).toBe(false);
    expect(hasIfcStructure(facts({ buildings: [{ id: 1, name: 'B' }] }))).toBe(true);
    expect(hasIfcStructure(facts({ storeys: [{ id: 1, name: 'S', buildingId: null }] }))).toBe(true);
    expect(mapIfcStructure(facts({}))).toEqual({ subProjects: [] });
  });
});
