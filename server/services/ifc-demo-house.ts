import { generateIfc, type IfcOpeningSpec, type IfcStoreySpec, type IfcWallSpec } from './ifc-demo.js';

/**
 * The demo model of "Einfamilienhaus Lindenweg" (issue #29: from the model to the order): a detached house of
 * 11 × 9 m, ground floor (EG) with nine walls (four 300 mm façades, five 240 mm and 175 mm partitions) and upper
 * floor (OG) with six; every wall has the AAC element thickness of the demo catalogue, so the order proposal
 * matches them all. Walls carry Qto_WallBaseQuantities (their net volumes feed the imported lots).
 */
export const HOUSE_IFC_FILE_NAME = 'Haus-Lindenweg.ifc';

const LENGTH = 11;
const DEPTH = 9;
const WALL_HEIGHT = 2.62;

const window = (offset: number, width = 1.26): IfcOpeningSpec => ({ offset, width, height: 1.385, sill: 0.9, fill: 'window', name: `Fenster ${Math.round(width * 100)}/139` });
const door = (offset: number, width = 0.885): IfcOpeningSpec => ({ offset, width, height: 2.01, sill: 0, fill: 'door', name: `Tür ${Math.round(width * 100)}/201` });

function storey(prefix: string, name: string, elevation: number, ground: boolean): IfcStoreySpec {
  const wall = (n: number, spec: Omit<IfcWallSpec, 'name' | 'height'>): IfcWallSpec => ({ name: `${prefix}-W${String(n).padStart(2, '0')}`, height: WALL_HEIGHT, ...spec });
  const outline: IfcWallSpec[] = [
    wall(1, { length: LENGTH, thickness: 0.3, at: { x: 0, y: 0, side: 0 }, openings: [window(1.5), window(5), ground ? door(8.5, 1.01) : window(8.5)] }),
    wall(2, { length: DEPTH, thickness: 0.3, at: { x: LENGTH, y: 0, side: 1 }, openings: [window(3.5)] }),
    wall(3, { length: LENGTH, thickness: 0.3, at: { x: LENGTH, y: DEPTH, side: 2 }, openings: [window(2), window(7.5, 2.01)] }),
    wall(4, { length: DEPTH, thickness: 0.3, at: { x: 0, y: DEPTH, side: 3 }, openings: [window(4)] }),
  ];
  const partitions: IfcWallSpec[] = ground
    ? [
        wall(5, { length: DEPTH, thickness: 0.24, at: { x: 5, y: 0, side: 1 }, openings: [door(2)] }),
        wall(6, { length: 5, thickness: 0.175, at: { x: 0, y: 4, side: 0 }, openings: [door(3)] }),
        wall(7, { length: 6, thickness: 0.175, at: { x: 5, y: 5, side: 0 }, openings: [door(1)] }),
        wall(8, { length: 4, thickness: 0.175, at: { x: 8, y: 5, side: 1 } }),
        wall(9, { length: 3, thickness: 0.175, at: { x: 5, y: 2.5, side: 0 } }),
      ]
    : [wall(5, { length: DEPTH, thickness: 0.24, at: { x: 5, y: 0, side: 1 }, openings: [door(2)] }), wall(6, { length: 5, thickness: 0.175, at: { x: 0, y: 4, side: 0 }, openings: [door(3)] })];
  return { name, elevation, walls: [...outline, ...partitions] };
}

export function houseIfcModel(fileName = HOUSE_IFC_FILE_NAME): string {
  return generateIfc({
    quantities: true,
    fileName,
    projectName: 'Einfamilienhaus Lindenweg',
    siteName: 'Lindenweg 7',
    buildings: [{ name: 'Wohnhaus', storeys: [storey('L-EG', 'Erdgeschoss', 0, true), storey('L-OG', 'Obergeschoss', 2.875, false)] }],
  });
}
