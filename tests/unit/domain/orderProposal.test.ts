import { describe, expect, it } from 'vitest';
import type { AacProduct, LintelProduct } from '../../../src/domain/catalogue';
import {
  aacElements,
  aacProductFor,
  LINTEL_BEARING_MM,
  lintelFor,
  PROPOSAL_REASON,
  proposalWalls,
  proposeAacRows,
  proposeLintelRows,
  roundUpToStep,
  type ProposalWall,
} from '../../../src/domain/orderProposal';
import type { ViewerModel, WallDimensions, WallOpeningDimensions } from '../../../src/domain/viewerModel';
import { AAC_PRODUCTS } from '../orderFixtures';

// PE 300 (productNo 0) and PE 240 (1) are active, PE 175 (2) is not; all 625 mm wide, 1000–6000 mm long.
const ACTIVE_AAC: AacProduct[] = AAC_PRODUCTS.map((product) => ({ ...product, active: product.productNo !== 2 }));

let openingId = 0;
const opening = (kind: WallOpeningDimensions['kind'], width: number | null, height: number | null, sill: number | null, name = `${kind} ${++openingId}`): WallOpeningDimensions => ({
  id: ++openingId,
  globalId: `G${openingId}`,
  name,
  kind,
  width,
  height,
  sill,
  source: 'qto',
});
const dims = (length: number, height: number, thickness: number, openings: WallOpeningDimensions[] = []): WallDimensions => ({ length, height, thickness, netVolume: null, source: 'qto', openings });
const wall = (name: string, dimensions: WallDimensions | null, storey = 'EG'): ProposalWall => ({ name, globalId: `id-${name}`, storey, dimensions });

/** Lintels 240 and 300 mm thick, 1000–3000 mm in 250 mm steps, 124 (FS) and 249 mm high; one inactive. */
function lintels(): LintelProduct[] {
  let id = 0;
  return [240, 300].flatMap((thickness) =>
    [124, 249].flatMap((height) =>
      Array.from({ length: 9 }, (_, index) => 1000 + index * 250).map((length) => ({
        id: ++id,
        tenantID: 1,
        tenantName: 'NS',
        itemNo: `${height === 124 ? 'FS' : 'TS'}-${thickness}-${height}-${length}`,
        title: `Sturz ${thickness}/${height}/${length}`,
        value: `S${thickness}${height}${length}`,
        height,
        thickness,
        length,
        lintelType: height === 124 ? ('FS' as const) : ('other' as const),
        unitsPerPallet: 10,
        price: null,
        // 240 × 124 × 2250 is sold out: the cascade then takes the 249 mm high one.
        active: !(thickness === 240 && height === 124 && length === 2250),
      })),
    ),
  );
}
const LINTELS = lintels();
const lintelId = (thickness: number, height: number, length: number) => LINTELS.find((p) => p.thickness === thickness && p.height === height && p.length === length)!.id;

describe('AAC article by thickness', () => {
  it('takes the active article of the wall thickness, within 5 mm, the lowest product number first', () => {
    expect(aacProductFor(300, ACTIVE_AAC)?.title).toBe('PE 300');
    expect(aacProductFor(304, ACTIVE_AAC)?.title).toBe('PE 300');
    expect(aacProductFor(295, ACTIVE_AAC)?.title).toBe('PE 300');
    expect(aacProductFor(306, ACTIVE_AAC)).toBeNull();
    expect(aacProductFor(242, ACTIVE_AAC)?.title).toBe('PE 240');
    // PE 175 is not offered any more.
    expect(aacProductFor(175, ACTIVE_AAC)).toBeNull();
    const twins = [...ACTIVE_AAC, { ...ACTIVE_AAC[1], productNo: 2, title: 'PE 240 B' }];
    expect(aacProductFor(240, twins.reverse())?.productNo).toBe(1);
  });
});

describe('AAC elements of a wall', () => {
  const pe300 = ACTIVE_AAC[0];

  it('rounds the height up to the 20 mm step and counts the elements the length needs', () => {
    expect([roundUpToStep(3000, 20), roundUpToStep(2995, 20), roundUpToStep(3001, 20), roundUpToStep(2750, 20)]).toEqual([3000, 3000, 3020, 2760]);
    // 8000 / 625 = 12.8 → 13; 5000 / 625 = 8 exactly; 5001 → 9.
    expect(aacElements({ length: 8000, height: 2995, openings: [] }, pe300)).toEqual([{ part: 'full', length: 3000, qty: 13 }]);
    expect(aacElements({ length: 5000, height: 2750, openings: [] }, pe300)).toEqual([{ part: 'full', length: 2760, qty: 8 }]);
    expect(aacElements({ length: 5001, height: 2750, openings: [] }, pe300)).toEqual([{ part: 'full', length: 2760, qty: 9 }]);
  });

  it('cuts windows and doors out of storey-high elements when the parts above and below are shorter than an element may be', () => {
    // A 1760 mm window at 900 mm sill in a 3000 mm wall: 590 mm above, 900 below — both under 1000 mm.
    const windows = [opening('window', 1760, 1510, 900), opening('window', 1760, 1510, 900)];
    expect(aacElements({ length: 24000, height: 3000, openings: windows }, pe300)).toEqual([{ part: 'full', length: 3000, qty: 39 }]);
    // Unknown sill: the position is not known, the elements stay storey-high.
    expect(aacElements({ length: 10000, height: 6000, openings: [opening('door', 2500, 2500, null)] }, pe300)).toEqual([{ part: 'full', length: 6000, qty: 16 }]);
  });

  it('orders shorter elements above (and below) a large opening for the elements it spans entirely', () => {
    // A 2500 × 2500 gate in a 10 m hall wall 6 m high: 16 elements, the gate spans floor(2500 / 625) = 4 of them,
    // which become 3500 mm elements above it.
    const gate = opening('door', 2500, 2500, 0);
    expect(aacElements({ length: 10000, height: 6000, openings: [gate] }, pe300)).toEqual([
      { part: 'full', length: 6000, qty: 12 },
      { part: 'above', length: 3500, qty: 4 },
    ]);
    // A window band 1900 wide at 1200 sill, 1500 high, in a 4000 mm wall: 1300 above, 1200 below, 3 elements.
    const band = opening('window', 1900, 1500, 1200);
    expect(aacElements({ length: 6250, height: 4000, openings: [band] }, pe300)).toEqual([
      { part: 'full', length: 4000, qty: 7 },
      { part: 'above', length: 1300, qty: 3 },
      { part: 'below', length: 1200, qty: 3 },
    ]);
    // An opening over the full height (a passage to the ceiling) leaves its two whole elements out.
    expect(aacElements({ length: 5000, height: 3000, openings: [opening('door', 1300, 3000, 0)] }, pe300)).toEqual([{ part: 'full', length: 3000, qty: 6 }]);
  });
});

describe('proposeAacRows', () => {
  it('gives one row per wall and element length with room, storey, article, length in metres and quantity', () => {
    const walls = [
      wall('W01', dims(8000, 2995, 300)),
      wall('W02', dims(5000, 2750, 241), 'OG'),
      wall('Hall', dims(10000, 6000, 300, [opening('door', 2500, 2500, 0)]), 'EG'),
    ];
    const { rows, unmatched } = proposeAacRows(walls, ACTIVE_AAC);
    expect(unmatched).toEqual([]);
    expect(rows.map(({ key, sublotName, floorName, productNo, itemLength, qty, part }) => [key, sublotName, floorName, productNo, itemLength, qty, part])).toEqual([
      ['aac-1', 'W01', 'EG', 0, 3, 13, 'full'],
      ['aac-2', 'W02', 'OG', 1, 2.76, 8, 'full'],
      ['aac-3', 'Hall', 'EG', 0, 6, 12, 'full'],
      ['aac-4', 'Hall', 'EG', 0, 3.5, 4, 'above'],
    ]);
  });

  it('lists the walls it cannot match, and why', () => {
    const walls = [
      wall('No size', null),
      wall('No height', dims(4000, 0, 300)),
      wall('Too thick', dims(4000, 3000, 365)),
      wall('Old article', dims(4000, 3000, 175)),
      wall('Too high', dims(4000, 6010, 300)),
      wall('Too low', dims(4000, 900, 240), 'KG'),
    ];
    const { rows, unmatched } = proposeAacRows(walls, ACTIVE_AAC, ['W99']);
    expect(rows).toEqual([]);
    expect(unmatched).toEqual([
      { wall: 'W99', storey: '', reason: PROPOSAL_REASON.notInModel },
      { wall: 'No size', storey: 'EG', reason: PROPOSAL_REASON.noDimensions },
      { wall: 'No height', storey: 'EG', reason: PROPOSAL_REASON.noDimensions },
      { wall: 'Too thick', storey: 'EG', reason: PROPOSAL_REASON.noAacThickness, params: { thickness: 365 } },
      { wall: 'Old article', storey: 'EG', reason: PROPOSAL_REASON.noAacThickness, params: { thickness: 175 } },
      { wall: 'Too high', storey: 'EG', reason: PROPOSAL_REASON.tooHigh, params: { height: 6010, max: 6000, product: 'PE 300' } },
      { wall: 'Too low', storey: 'KG', reason: PROPOSAL_REASON.tooLow, params: { height: 900, min: 1000, product: 'PE 240' } },
    ]);
  });

  it('keeps room and storey within the order table\'s 100 characters', () => {
    const [row] = proposeAacRows([wall('x'.repeat(140), dims(1000, 3000, 300), 'y'.repeat(120))], ACTIVE_AAC).rows;
    expect([row.sublotName.length, row.floorName.length, row.wall.length]).toEqual([100, 100, 140]);
  });
});

describe('lintels', () => {
  it('adds the bearing on both sides and takes the next catalogue length, the lowest height and its product', () => {
    expect(LINTEL_BEARING_MM).toBe(200);
    // 1010 + 400 = 1410 → 1500; FS 124 mm.
    expect(lintelFor(240, 1010, LINTELS).row).toMatchObject({ thickness: 240, length: 1500, height: 124, productID: lintelId(240, 124, 1500), hasCut: false, lintelType: 'FS' });
    // 1760 + 400 = 2160 → 2250, where the FS lintel is sold out: the cascade offers 249 mm only.
    expect(lintelFor(240, 1760, LINTELS).row).toMatchObject({ length: 2250, height: 249, productID: lintelId(240, 249, 2250), lintelType: 'other' });
    // Exactly a catalogue length: 850 + 400 = 1250.
    expect(lintelFor(300, 850, LINTELS).row).toMatchObject({ length: 1250, height: 124 });
    expect(lintelFor(300, 2700, LINTELS)).toEqual({ row: null, needed: 3100, longest: 3000 });
  });

  it('gives one row per wall and lintel with the doors and windows it covers', () => {
    const walls = [
      wall('S-EG-W01', dims(24000, 3000, 300, [opening('window', 1760, 1510, 900, 'F1'), opening('window', 1760, 1510, 900, 'F2'), opening('door', 1010, 2135, 0, 'T1')])),
      wall('S-EG-W05', dims(8000, 3000, 240)),
      wall('S-OG-W07', dims(24000, 3000, 243, [opening('door', 1010, 2135, 0, 'T2')]), 'OG'),
    ];
    const { rows, unmatched } = proposeLintelRows(walls, LINTELS);
    expect(unmatched).toEqual([]);
    expect(rows.map(({ key, sublotName, floorName, thickness, length, height, productID, qty, openings }) => [key, sublotName, floorName, thickness, length, height, productID, qty, openings])).toEqual([
      ['lintel-1', 'S-EG-W01', 'EG', 300, 1500, 124, lintelId(300, 124, 1500), 1, ['T1']],
      ['lintel-2', 'S-EG-W01', 'EG', 300, 2250, 124, lintelId(300, 124, 2250), 2, ['F1', 'F2']],
      ['lintel-3', 'S-OG-W07', 'OG', 240, 1500, 124, lintelId(240, 124, 1500), 1, ['T2']],
    ]);
  });

  it('lists the openings it cannot match, and why', () => {
    const walls = [
      wall('Thick', dims(5000, 3000, 365, [opening('window', 1000, 1000, 900), opening('door', 900, 2000, 0)])),
      wall('Unknown', null),
      wall('Mixed', dims(5000, 3000, 240, [opening('opening', 800, 800, 1000, 'Niche'), opening('window', null, null, null, 'F?'), opening('door', 2700, 2200, 0, 'Gate')]), 'OG'),
    ];
    expect(proposeLintelRows(walls, LINTELS, ['Gone']).unmatched).toEqual([
      { wall: 'Gone', storey: '', reason: PROPOSAL_REASON.notInModel },
      { wall: 'Thick', storey: 'EG', reason: PROPOSAL_REASON.noLintelThickness, params: { thickness: 365, openings: 2 } },
      { wall: 'Unknown', storey: 'EG', reason: PROPOSAL_REASON.noDimensions },
      { wall: 'Mixed', storey: 'OG', opening: 'Niche', reason: PROPOSAL_REASON.notFilled },
      { wall: 'Mixed', storey: 'OG', opening: 'F?', reason: PROPOSAL_REASON.noOpeningSize },
      { wall: 'Mixed', storey: 'OG', opening: 'Gate', reason: PROPOSAL_REASON.tooWide, params: { width: 2700, length: 3100, max: 3000 } },
    ]);
  });
});

describe('proposalWalls', () => {
  const model: ViewerModel = {
    type: 'MODEL',
    name: 'M',
    children: [
      { type: 'FLOOR', id: 1, globalId: 'f1', name: 'EG', number: 1, elevation: 0, children: [{ type: 'WALL', id: 10, globalId: 'g10', name: 'W01', dimensions: dims(1000, 3000, 300) }, { type: 'WALL', id: 11, globalId: 'g11', name: 'W02' }] },
      { type: 'FLOOR', id: 2, globalId: 'f2', name: 'OG', number: 2, elevation: 3, children: [{ type: 'WALL', id: 20, globalId: 'g20', name: 'W03' }] },
    ],
  };

  it('finds the lot\'s walls by name (any case) in the model\'s order and reports names the model lacks', () => {
    const { walls, missing } = proposalWalls(model, { wallNames: ['w03', 'W01', ' W09 ', 'W01'] });
    expect(walls).toEqual([
      { name: 'W01', globalId: 'g10', storey: 'EG', dimensions: dims(1000, 3000, 300) },
      { name: 'W03', globalId: 'g20', storey: 'OG', dimensions: null },
    ]);
    expect(missing).toEqual(['W09']);
  });

  it('takes every wall of a storey', () => {
    expect(proposalWalls(model, { storeyId: 1 }).walls.map((entry) => entry.name)).toEqual(['W01', 'W02']);
    expect(proposalWalls(model, { storeyId: 9 }).walls).toEqual([]);
  });
});
