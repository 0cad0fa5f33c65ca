import { writeOpeningDetails, writeWallQuantities, type DetailOptions } from './ifc-demo-details.js';
import { real, ref, refs, stepString, StepWriter } from './ifc-step.js';

export { ifcGlobalId, stepString } from './ifc-step.js';

/**
 * A deterministic IFC4 writer (STEP physical file, ISO 10303-21) for demo and test models: the same spec
 * always gives the same bytes, so tests and the demo seed know exactly what a model holds.
 */

export interface IfcWallSpec {
  name: string;
  /** Metres; defaults: 5 long, 2.75 high, 0.365 thick. */
  length?: number;
  height?: number;
  thickness?: number;
  /** Where the wall starts in its storey and which way it runs (0 +x, 1 +y, 2 −x, 3 −y); default: around a rectangle. */
  at?: { x: number; y: number; side: 0 | 1 | 2 | 3 };
  /** Windows and doors cut out of the wall (IfcOpeningElement voiding it). */
  openings?: IfcOpeningSpec[];
  /** A property set 'Pset_WallCommon' with these values. */
  properties?: Record<string, string | number | boolean>;
}

export interface IfcOpeningSpec {
  /** Metres from the wall's start, along it. */
  offset: number;
  width: number;
  height: number;
  /** Metres above the storey floor. */
  sill: number;
  /** The door or window filling the opening (IfcRelFillsElement); none: a bare opening. */
  fill?: 'door' | 'window';
  /** The filling's name. */
  name?: string;
}

export interface IfcStoreySpec {
  name: string;
  /** Metres above the building's origin. */
  elevation: number;
  walls: IfcWallSpec[];
}

export interface IfcGroupSpec {
  name: string;
  /** Names of walls of the same building assigned to the group. */
  walls: string[];
}

export interface IfcBuildingSpec {
  name: string;
  longName?: string;
  storeys: IfcStoreySpec[];
  groups?: IfcGroupSpec[];
}

export interface IfcModelSpec {
  /** The name written into the STEP header. */
  fileName: string;
  projectName: string;
  siteName: string;
  buildings: IfcBuildingSpec[];
  /** Storeys aggregated directly under the site (a model without an IfcBuilding). */
  siteStoreys?: IfcStoreySpec[];
  /** Seeds the GlobalIds; defaults to the project name. */
  seed?: string;
  /** Qto_WallBaseQuantities and Qto_OpeningElementBaseQuantities on walls and openings (default none). */
  quantities?: boolean;
  /** OverallWidth and OverallHeight of doors and windows (default written). */
  overallSizes?: boolean;
}

export const DEMO_IFC_FILE_NAME = 'Wohnpark-Weserblick.ifc';

const WALL_DEFAULTS = { length: 5, height: 2.75, thickness: 0.365 };
/** Space between buildings along x. */
const BUILDING_GAP = 10;

/** Walls laid end to end from the storey's origin, turning 90° after every ceil(n/4) walls: a rectangle. */
function wallLayout(walls: IfcWallSpec[]): { x: number; y: number; side: number }[] {
  const perSide = Math.max(1, Math.ceil(walls.length / 4));
  const steps = [[1, 0], [0, 1], [-1, 0], [0, -1]];
  let x = 0;
  let y = 0;
  return walls.map((wall, index) => {
    const side = Math.floor(index / perSide) % 4;
    const start = { x, y, side };
    const length = wall.length ?? WALL_DEFAULTS.length;
    x += steps[side][0] * length;
    y += steps[side][1] * length;
    return start;
  });
}

function buildingExtent(building: IfcBuildingSpec): number {
  let extent = 0;
  for (const storey of building.storeys) {
    const perSide = Math.max(1, Math.ceil(storey.walls.length / 4));
    const side = storey.walls.slice(0, perSide).reduce((sum, wall) => sum + (wall.length ?? WALL_DEFAULTS.length), 0);
    extent = Math.max(extent, side);
  }
  return extent;
}

/** Writes the model as an IFC4 STEP file. */
export function generateIfc(model: IfcModelSpec): string {
  const w = new StepWriter(model.seed ?? model.projectName);
  const details: DetailOptions = { quantities: model.quantities ?? false, overallSizes: model.overallSizes ?? true };

  // Shared geometry: origin, axes, the world coordinate system, the contexts.
  const origin = w.add('IFCCARTESIANPOINT((0.,0.,0.))');
  const zAxis = w.add('IFCDIRECTION((0.,0.,1.))');
  const directions = [w.add('IFCDIRECTION((1.,0.,0.))'), w.add('IFCDIRECTION((0.,1.,0.))'), w.add('IFCDIRECTION((-1.,0.,0.))'), w.add('IFCDIRECTION((0.,-1.,0.))')];
  const worldPlacement = w.add(`IFCAXIS2PLACEMENT3D(${ref(origin)},${ref(zAxis)},${ref(directions[0])})`);
  const context = w.add(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,${ref(worldPlacement)},$)`);
  const bodyContext = w.add(`IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,${ref(context)},$,.MODEL_VIEW.,$)`);

  // Units: metre, square metre, cubic metre, radian.
  const units = [
    w.add('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)'),
    w.add('IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.)'),
    w.add('IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.)'),
    w.add('IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)'),
  ];
  const unitAssignment = w.add(`IFCUNITASSIGNMENT(${refs(units)})`);
  const project = w.add(`IFCPROJECT(${w.guid()},$,${stepString(model.projectName)},$,$,$,$,(${ref(context)}),${ref(unitAssignment)})`);

  const sitePlacement = w.add(`IFCLOCALPLACEMENT($,${ref(worldPlacement)})`);
  const site = w.add(`IFCSITE(${w.guid()},$,${stepString(model.siteName)},$,$,${ref(sitePlacement)},$,$,.ELEMENT.,$,$,$,$,$)`);
  w.add(`IFCRELAGGREGATES(${w.guid()},$,$,$,${ref(project)},(${ref(site)}))`);

  /** A placement relative to another, at (x, y, z), its x axis along one of the four directions. */
  const placement = (relativeTo: number, x: number, y: number, z: number, side = 0) => {
    const point = x === 0 && y === 0 && z === 0 ? origin : w.add(`IFCCARTESIANPOINT((${real(x)},${real(y)},${real(z)}))`);
    const axes = w.add(`IFCAXIS2PLACEMENT3D(${ref(point)},${ref(zAxis)},${ref(directions[side])})`);
    return w.add(`IFCLOCALPLACEMENT(${ref(relativeTo)},${ref(axes)})`);
  };

  /** One wall: placed in its storey, a rectangle profile along its axis extruded upwards. */
  const writeWall = (wall: IfcWallSpec, storeyPlacement: number, at: { x: number; y: number; side: number }) => {
    const length = wall.length ?? WALL_DEFAULTS.length;
    const height = wall.height ?? WALL_DEFAULTS.height;
    const thickness = wall.thickness ?? WALL_DEFAULTS.thickness;
    const wallPlacement = placement(storeyPlacement, at.x, at.y, 0, at.side);
    const profileCentre = w.add(`IFCCARTESIANPOINT((${real(length / 2)},0.))`);
    const profilePlacement = w.add(`IFCAXIS2PLACEMENT2D(${ref(profileCentre)},$)`);
    const profile = w.add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,${ref(profilePlacement)},${real(length)},${real(thickness)})`);
    const solid = w.add(`IFCEXTRUDEDAREASOLID(${ref(profile)},${ref(worldPlacement)},${ref(zAxis)},${real(height)})`);
    const body = w.add(`IFCSHAPEREPRESENTATION(${ref(bodyContext)},'Body','SweptSolid',(${ref(solid)}))`);
    const shape = w.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${ref(body)}))`);
    const wallId = w.add(`IFCWALL(${w.guid()},$,${stepString(wall.name)},$,$,${ref(wallPlacement)},${ref(shape)},${stepString(wall.name)},.STANDARD.)`);
    for (const opening of wall.openings ?? []) writeOpening(wallId, wallPlacement, opening, thickness);
    if (wall.properties) writeProperties(wallId, wall.properties);
    if (details.quantities) writeWallQuantities(w, wallId, { length, height, thickness, openings: wall.openings ?? [] });
    return wallId;
  };

  /** An opening through the whole wall thickness, placed in the wall's own coordinates. */
  const writeOpening = (wallId: number, wallPlacement: number, opening: IfcOpeningSpec, thickness: number) => {
    const openingPlacement = placement(wallPlacement, 0, 0, opening.sill);
    const centre = w.add(`IFCCARTESIANPOINT((${real(opening.offset + opening.width / 2)},0.))`);
    const profilePlacement = w.add(`IFCAXIS2PLACEMENT2D(${ref(centre)},$)`);
    const profile = w.add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,${ref(profilePlacement)},${real(opening.width)},${real(thickness + 0.2)})`);
    const solid = w.add(`IFCEXTRUDEDAREASOLID(${ref(profile)},${ref(worldPlacement)},${ref(zAxis)},${real(opening.height)})`);
    const body = w.add(`IFCSHAPEREPRESENTATION(${ref(bodyContext)},'Body','SweptSolid',(${ref(solid)}))`);
    const shape = w.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${ref(body)}))`);
    const openingId = w.add(`IFCOPENINGELEMENT(${w.guid()},$,'Opening',$,$,${ref(openingPlacement)},${ref(shape)},$,.OPENING.)`);
    w.add(`IFCRELVOIDSELEMENT(${w.guid()},$,$,$,${ref(wallId)},${ref(openingId)})`);
    writeOpeningDetails(w, openingId, openingPlacement, opening, thickness, details);
  };

  const writeProperties = (wallId: number, properties: Record<string, string | number | boolean>) => {
    const value = (v: string | number | boolean) =>
      typeof v === 'boolean' ? `IFCBOOLEAN(.${v ? 'T' : 'F'}.)` : typeof v === 'number' ? `IFCREAL(${real(v)})` : `IFCLABEL(${stepString(v)})`;
    const props = Object.entries(properties).map(([name, v]) => w.add(`IFCPROPERTYSINGLEVALUE(${stepString(name)},$,${value(v)},$)`));
    const set = w.add(`IFCPROPERTYSET(${w.guid()},$,'Pset_WallCommon',$,${refs(props)})`);
    w.add(`IFCRELDEFINESBYPROPERTIES(${w.guid()},$,$,$,(${ref(wallId)}),${ref(set)})`);
  };

  /** Storeys under a parent (building or site); returns the storey ids and a wall id per wall name. */
  const writeStoreys = (parent: number, parentPlacement: number, storeys: IfcStoreySpec[]) => {
    const storeyIds: number[] = [];
    const wallIds = new Map<string, number>();
    for (const storey of storeys) {
      const storeyPlacement = placement(parentPlacement, 0, 0, storey.elevation);
      const storeyId = w.add(`IFCBUILDINGSTOREY(${w.guid()},$,${stepString(storey.name)},$,$,${ref(storeyPlacement)},$,$,.ELEMENT.,${real(storey.elevation)})`);
      storeyIds.push(storeyId);
      const layout = wallLayout(storey.walls);
      const walls = storey.walls.map((wall, index) => writeWall(wall, storeyPlacement, wall.at ?? layout[index]));
      storey.walls.forEach((wall, index) => wallIds.set(wall.name, walls[index]));
      if (walls.length) w.add(`IFCRELCONTAINEDINSPATIALSTRUCTURE(${w.guid()},$,$,$,${refs(walls)},${ref(storeyId)})`);
    }
    if (storeyIds.length) w.add(`IFCRELAGGREGATES(${w.guid()},$,$,$,${ref(parent)},${refs(storeyIds)})`);
    return wallIds;
  };

  const buildingIds: number[] = [];
  let offset = 0;
  for (const building of model.buildings) {
    const buildingPlacement = placement(sitePlacement, offset, 0, 0);
    offset += buildingExtent(building) + BUILDING_GAP;
    const longName = building.longName === undefined ? '$' : stepString(building.longName);
    const buildingId = w.add(`IFCBUILDING(${w.guid()},$,${stepString(building.name)},$,$,${ref(buildingPlacement)},$,${longName},.ELEMENT.,$,$,$)`);
    buildingIds.push(buildingId);
    const wallIds = writeStoreys(buildingId, buildingPlacement, building.storeys);
    for (const group of building.groups ?? []) {
      const groupId = w.add(`IFCGROUP(${w.guid()},$,${stepString(group.name)},$,$)`);
      const members = group.walls.map((name) => {
        const wallId = wallIds.get(name);
        if (wallId === undefined) throw new Error(`group ${group.name}: no wall ${name} in building ${building.name}`);
        return wallId;
      });
      w.add(`IFCRELASSIGNSTOGROUP(${w.guid()},$,$,$,${refs(members)},$,${ref(groupId)})`);
    }
  }
  if (buildingIds.length) w.add(`IFCRELAGGREGATES(${w.guid()},$,$,$,${ref(site)},${refs(buildingIds)})`);
  if (model.siteStoreys?.length) writeStoreys(site, sitePlacement, model.siteStoreys);

  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
    `FILE_NAME(${stepString(model.fileName)},'2024-01-01T00:00:00',(''),(''),'PlanXchange demo generator','PlanXchange','');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    ...w.lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

const walls = (prefix: string, count: number): IfcWallSpec[] =>
  Array.from({ length: count }, (_, index) => ({ name: `${prefix}-W${String(index + 1).padStart(2, '0')}` }));

/** The model of the demo project: two houses, Haus A split into two construction phases by groups. */
export function demoIfcModelSpec(): IfcModelSpec {
  const eg = walls('A-EG', 6);
  const og = walls('A-OG', 6);
  return {
    fileName: DEMO_IFC_FILE_NAME,
    projectName: 'Wohnpark Weserblick',
    siteName: 'Wohnpark Weserblick',
    buildings: [
      {
        name: 'Haus A',
        storeys: [
          { name: 'Erdgeschoss', elevation: 0, walls: eg },
          { name: 'Obergeschoss', elevation: 3, walls: og },
        ],
        groups: [
          { name: 'Bauabschnitt A1', walls: eg.map((wall) => wall.name) },
          { name: 'Bauabschnitt A2', walls: og.map((wall) => wall.name) },
        ],
      },
      {
        name: 'Haus C',
        storeys: [
          { name: 'Erdgeschoss', elevation: 0, walls: walls('C-EG', 4) },
          { name: 'Obergeschoss', elevation: 3, walls: walls('C-OG', 4) },
        ],
      },
    ],
  };
}

export function demoIfcModel(): string {
  return generateIfc(demoIfcModelSpec());
}

/** The smaller Dutch demo model: one tower with three storeys of four walls, no groups. */
export function maaskadeIfcModel(): string {
  return generateIfc({
    fileName: 'Maaskade.ifc',
    projectName: 'Appartementen Maaskade',
    siteName: 'Appartementen Maaskade',
    buildings: [
      {
        name: 'Toren Noord',
        storeys: [
          { name: 'Begane grond', elevation: 0, walls: walls('TN-BG', 4) },
          { name: 'Verdieping 1', elevation: 3, walls: walls('TN-V1', 4) },
          { name: 'Verdieping 2', elevation: 6, walls: walls('TN-V2', 4) },
        ],
      },
    ],
  });
}

export { generateLargeIfc, largeIfcModelSpec, type LargeIfcOptions } from './ifc-demo-large.js';
