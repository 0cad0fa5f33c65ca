import { generateIfc, type IfcModelSpec, type IfcOpeningSpec, type IfcStoreySpec, type IfcWallSpec } from './ifc-demo.js';

/**
 * The demo model of "Schule am Stadtpark": one classroom wing, ground floor (EG) and upper floor (OG), each a
 * 24 × 12 m outline: three classrooms along the south façade, a corridor along the north one. Walls W01–W06
 * of each storey (façades, gables, classroom partitions) are the ones the demo delivery lots bring
 * (Bauabschnitt 1: S-EG-W01..06, Bauabschnitt 2: S-OG-W01..06); the corridor wall W07 and the stair-hall
 * wall W08 are in no delivery, so the delivery overview shows them ghosted. Walls carry Qto_WallBaseQuantities,
 * openings Qto_OpeningElementBaseQuantities and their door or window (what the order proposal reads); the outer
 * walls are 365 mm thick on the ground floor (no AAC element of that thickness in the demo catalogue) and
 * 300 mm upstairs.
 */
export const SCHOOL_IFC_FILE_NAME = 'Schule-am-Stadtpark.ifc';

const LENGTH = 24;
const DEPTH = 12;
const STOREY_HEIGHT = 3.25;
const WALL_HEIGHT = 3;
const OUTER_EG = 0.365;
const OUTER_OG = 0.3;
const INNER = 0.24;

const CLASSROOM_DEPTH = 8;

/** Windows evenly along a wall: `count` of them, 1.76 m wide, sill at 0.9 m. */
const windows = (length: number, count: number): IfcOpeningSpec[] =>
  Array.from({ length: count }, (_, index) => ({ offset: (length / count) * (index + 0.5) - 0.88, width: 1.76, height: 1.51, sill: 0.9, fill: 'window', name: 'Fenster 176/151' }));
const door = (offset: number, width = 1.01): IfcOpeningSpec => ({ offset, width, height: 2.135, sill: 0, fill: 'door', name: `Tür ${Math.round(width * 100)}/213` });

function schoolStorey(prefix: string, name: string, elevation: number, ground: boolean): IfcStoreySpec {
  const wall = (n: number, spec: Omit<IfcWallSpec, 'name' | 'height'>): IfcWallSpec => ({ name: `${prefix}-W${String(n).padStart(2, '0')}`, height: WALL_HEIGHT, ...spec });
  const corridorEnd = CLASSROOM_DEPTH + (DEPTH - CLASSROOM_DEPTH) / 2;
  const OUTER = ground ? OUTER_EG : OUTER_OG;
  return {
    name,
    elevation,
    walls: [
      // The outline: classroom windows to the south, corridor windows to the north, the entrance in the east gable.
      wall(1, { length: LENGTH, thickness: OUTER, at: { x: 0, y: 0, side: 0 }, openings: windows(LENGTH, 6) }),
      wall(2, { length: DEPTH, thickness: OUTER, at: { x: LENGTH, y: 0, side: 1 }, openings: [ground ? door(corridorEnd - 0.9, 1.8) : windows(DEPTH, 1)[0]] }),
      wall(3, { length: LENGTH, thickness: OUTER, at: { x: LENGTH, y: DEPTH, side: 2 }, openings: windows(LENGTH, 4) }),
      wall(4, { length: DEPTH, thickness: OUTER, at: { x: 0, y: DEPTH, side: 3 }, openings: [{ offset: 1.2, width: 1.76, height: 1.51, sill: 0.9, fill: 'window', name: 'Fenster 176/151' }] }),
      // Partitions between the three classrooms.
      wall(5, { length: CLASSROOM_DEPTH, thickness: INNER, at: { x: 8, y: 0, side: 1 } }),
      wall(6, { length: CLASSROOM_DEPTH, thickness: INNER, at: { x: 16, y: 0, side: 1 } }),
      // The corridor wall with a door into each classroom, and the stair-hall wall across the corridor.
      wall(7, { length: LENGTH, thickness: INNER, at: { x: 0, y: CLASSROOM_DEPTH, side: 0 }, openings: [door(5.5), door(13.5), door(21.5)] }),
      wall(8, { length: DEPTH - CLASSROOM_DEPTH, thickness: INNER, at: { x: 20, y: CLASSROOM_DEPTH, side: 1 }, openings: [door(0.6, 2.0)] }),
    ],
  };
}

/**
 * The model as the demo holds it; `quantities: false` leaves out the quantity sets and `overallSizes: false` the
 * doors' and windows' sizes, so that the dimensions must come from the geometry.
 */
export function schoolIfcModel(options: Pick<IfcModelSpec, 'quantities' | 'overallSizes'> = {}): string {
  return generateIfc({
    quantities: options.quantities ?? true,
    overallSizes: options.overallSizes ?? true,
    fileName: SCHOOL_IFC_FILE_NAME,
    projectName: 'Schule am Stadtpark',
    siteName: 'Grundschule am Stadtpark',
    buildings: [{ name: 'Klassentrakt', storeys: [schoolStorey('S-EG', 'EG', 0, true), schoolStorey('S-OG', 'OG', STOREY_HEIGHT, false)] }],
  });
}
