/**
 * The project structure an IFC model suggests: subprojects (buildings) with approval lots (groups or
 * storeys) and the walls of each lot. Pure: the server extracts the facts with web-ifc, this module maps
 * them; the app imports the types. The rules are written down in docs/decisions.md ("IFC structure import").
 */
import { materialTypeForContent } from './deliveryDates';
import type { MaterialType } from './structure';

export interface IfcStructureLot {
  name: string;
  /** Wall names (IfcWall and its subtypes), each wall once, in file order. */
  wallNos: string[];
  /** The walls' STEP ids (the viewer's wall ids), in the order of `wallNos`. */
  wallIds?: number[];
  /** m³: the walls' net volume from the model (set by the route from the viewer's extraction; absent: unknown). */
  volume?: number | null;
  /** Slabs (IfcSlab) of the storey or group: a lot of slabs only holds floor elements (issue #39). */
  slabCount?: number;
  /** The material type the lot starts with, from what it holds (set by the route: `withProposedMaterials`); null: none known. */
  materialType?: string | null;
  /** That type's earliest delivery date for a new lot (set with `materialType`). */
  deliveryDate?: string | null;
}

export interface IfcStructureSubProject {
  title: string;
  /** The lot names, in the order of `lots`. */
  approvalLots: string[];
  lots: IfcStructureLot[];
  /** The building's storeys with their walls, lowest first, whatever the lots are (groups): AAC order lots follow the storeys. */
  storeys?: IfcStructureLot[];
}

/** Answer of `GET api/file/{root}/{file}/ifcstructure`. */
export interface IfcStructure {
  subProjects: IfcStructureSubProject[];
}

/** Facts read from the model; ids are the STEP line numbers (file order). */
/** An IFC file of a project that the structure page offers to read (`GET /api/structure/{rootId}/ifcfiles`). */
export interface IfcFileChoice {
  fileId: number;
  name: string;
  /** The title of the unit the file was uploaded to. */
  unitTitle: string;
}

export interface IfcBuildingFact {
  id: number;
  name?: string | null;
  longName?: string | null;
}

export interface IfcStoreyFact {
  id: number;
  name?: string | null;
  longName?: string | null;
  elevation?: number | null;
  /** The building the storey is aggregated into (directly or through other elements); null: none. */
  buildingId: number | null;
}

export interface IfcWallFact {
  id: number;
  name?: string | null;
  tag?: string | null;
  globalId?: string | null;
  /** The storeys or buildings the wall is contained in (spaces and other containers resolved upwards). */
  containerIds: number[];
}

export interface IfcGroupFact {
  id: number;
  name?: string | null;
  /** Everything assigned to the group; only walls count. */
  memberIds: number[];
}

export interface IfcFacts {
  projectName?: string | null;
  siteName?: string | null;
  buildings: IfcBuildingFact[];
  storeys: IfcStoreyFact[];
  walls: IfcWallFact[];
  groups: IfcGroupFact[];
  /** Slabs (IfcSlab and subtypes) with their containers, like walls; absent in facts read before issue #39. */
  slabs?: { id: number; containerIds: number[] }[];
}

/** Names for things without one; `n` counts from 1. */
export interface IfcFallbackNames {
  building(n: number): string;
  storey(n: number): string;
  group(n: number): string;
}

export const ENGLISH_FALLBACK_NAMES: IfcFallbackNames = {
  building: (n) => `Building ${n}`,
  storey: (n) => `Storey ${n}`,
  group: (n) => `Group ${n}`,
};

/** Limits of the structure draft (schemas/structure/draft.schema.json). */
export const IFC_NAME_MAX = 200;
export const IFC_WALL_NO_MAX = 100;

/** Key of the storeys that hang in no building. */
const NO_BUILDING = -1;

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * Makes names unique (ignoring case): the second "X" becomes "X (2)", the third "X (3)", skipping
 * suffixes already taken; every name stays within IFC_NAME_MAX characters.
 */
export function uniqueNames(names: string[], max = IFC_NAME_MAX): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.slice(0, max);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      candidate = `${name.slice(0, max - suffix.length).trimEnd()}${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** True when the model has something to build a structure from. */
export function hasIfcStructure(facts: IfcFacts): boolean {
  return facts.buildings.length > 0 || facts.storeys.length > 0;
}

/** What naming a storey needs; the viewer's and the structure import's facts both have it. */
export interface StoreyNaming {
  id: number;
  name?: string | null;
  longName?: string | null;
  elevation?: number | null;
}

/** Storeys from the bottom: by elevation (a storey without one comes last), then in file order. */
export function compareStoreys(a: Pick<StoreyNaming, 'id' | 'elevation'>, b: Pick<StoreyNaming, 'id' | 'elevation'>): number {
  const ea = typeof a.elevation === 'number' && Number.isFinite(a.elevation) ? a.elevation : Infinity;
  const eb = typeof b.elevation === 'number' && Number.isFinite(b.elevation) ? b.elevation : Infinity;
  if (ea !== eb) return ea < eb ? -1 : 1;
  return a.id - b.id;
}

/** Each storey's number (from 1): its place among all storeys of the model from the bottom (compareStoreys). */
export function storeyNumbers(storeys: readonly Pick<StoreyNaming, 'id' | 'elevation'>[]): Map<number, number> {
  return new Map([...storeys].sort(compareStoreys).map((storey, index) => [storey.id, index + 1]));
}

/**
 * The name of a storey wherever the portal shows it (the viewer's tree, the structure import's lots): its IFC
 * Name, else its LongName, else the translated "Storey n" with its number from storeyNumbers — never its GlobalId.
 */
export function storeyName(storey: Pick<StoreyNaming, 'name' | 'longName'>, n: number, fallback: (n: number) => string): string {
  return clean(storey.name) || clean(storey.longName) || fallback(n);
}

function wallNo(wall: IfcWallFact): string {
  return (clean(wall.name) || clean(wall.tag) || clean(wall.globalId) || `#${wall.id}`).slice(0, IFC_WALL_NO_MAX);
}

/** Turns the facts of a model into the suggested structure. */
export function mapIfcStructure(facts: IfcFacts, names: IfcFallbackNames = ENGLISH_FALLBACK_NAMES): IfcStructure {
  const buildings = [...facts.buildings].sort(byId);
  const buildingIds = new Set(buildings.map((building) => building.id));
  const storeys = [...facts.storeys].sort(compareStoreys);
  const numbers = storeyNumbers(storeys);
  const storeyById = new Map(storeys.map((storey) => [storey.id, storey]));
  const buildingOfStorey = (storey: IfcStoreyFact) => (storey.buildingId !== null && buildingIds.has(storey.buildingId) ? storey.buildingId : NO_BUILDING);
  const walls = [...facts.walls].sort(byId);
  const wallById = new Map(walls.map((wall) => [wall.id, wall]));

  // Where each wall lies: its buildings, and the first of its storeys by elevation (a wall is listed once).
  const wallBuildings = new Map<number, Set<number>>();
  const wallsOfStorey = new Map<number, IfcWallFact[]>(storeys.map((storey) => [storey.id, []]));
  for (const wall of walls) {
    const inBuildings = new Set<number>();
    const wallStoreys: IfcStoreyFact[] = [];
    for (const containerId of wall.containerIds) {
      const storey = storeyById.get(containerId);
      if (storey) {
        inBuildings.add(buildingOfStorey(storey));
        wallStoreys.push(storey);
      } else if (buildingIds.has(containerId)) inBuildings.add(containerId);
    }
    wallBuildings.set(wall.id, inBuildings);
    const first = wallStoreys.sort(compareStoreys)[0];
    if (first) wallsOfStorey.get(first.id)!.push(wall);
  }

  const groups = [...facts.groups].sort(byId).map((group) => ({
    group,
    walls: [...new Set(group.memberIds)]
      .map((id) => wallById.get(id))
      .filter((wall): wall is IfcWallFact => wall !== undefined)
      .sort(byId),
  }));

  // Slabs count per storey (the lowest of their storeys, as walls) and per group they are assigned to.
  const slabs = facts.slabs ?? [];
  const slabIds = new Set(slabs.map((slab) => slab.id));
  const slabsOfStorey = new Map<number, number>();
  for (const slab of slabs) {
    const first = slab.containerIds.map((id) => storeyById.get(id)).filter((storey): storey is IfcStoreyFact => !!storey).sort(compareStoreys)[0];
    if (first) slabsOfStorey.set(first.id, (slabsOfStorey.get(first.id) ?? 0) + 1);
  }
  const slabsOfGroup = (group: IfcGroupFact) => new Set(group.memberIds.filter((id) => slabIds.has(id))).size;

  const storeyLotsOf = (buildingKey: number): IfcStructureLot[] => {
    const raw = storeys
      .filter((storey) => buildingOfStorey(storey) === buildingKey)
      .map((storey) => ({ name: storeyName(storey, numbers.get(storey.id)!, names.storey), walls: wallsOfStorey.get(storey.id)!, slabCount: slabsOfStorey.get(storey.id) ?? 0 }));
    const unique = uniqueNames(raw.map((lot) => lot.name));
    return raw.map((lot, index) => ({ name: unique[index], wallNos: lot.walls.map(wallNo), wallIds: lot.walls.map((wall) => wall.id), ...(lot.slabCount ? { slabCount: lot.slabCount } : {}) }));
  };

  const lotsOf = (buildingKey: number): IfcStructureLot[] => {
    const grouped = groups
      .map(({ group, walls: members }) => ({ group, walls: members.filter((wall) => wallBuildings.get(wall.id)!.has(buildingKey)) }))
      .filter(({ walls: members }) => members.length > 0);
    const raw = grouped.length
      ? grouped.map(({ group, walls: members }, index) => ({ name: clean(group.name) || names.group(index + 1), walls: members, slabCount: slabsOfGroup(group) }))
      : storeys
          .filter((storey) => buildingOfStorey(storey) === buildingKey)
          .map((storey) => ({
            name: storeyName(storey, numbers.get(storey.id)!, names.storey),
            walls: wallsOfStorey.get(storey.id)!,
            slabCount: slabsOfStorey.get(storey.id) ?? 0,
          }));
    const unique = uniqueNames(raw.map((lot) => lot.name));
    return raw.map((lot, index) => ({ name: unique[index], wallNos: lot.walls.map(wallNo), wallIds: lot.walls.map((wall) => wall.id), ...(lot.slabCount ? { slabCount: lot.slabCount } : {}) }));
  };

  const raw = buildings.map((building, index) => ({
    title: clean(building.name) || clean(building.longName) || names.building(index + 1),
    lots: lotsOf(building.id),
    storeys: storeyLotsOf(building.id),
  }));
  if (storeys.some((storey) => buildingOfStorey(storey) === NO_BUILDING)) {
    raw.push({ title: clean(facts.projectName) || clean(facts.siteName) || names.building(buildings.length + 1), lots: lotsOf(NO_BUILDING), storeys: storeyLotsOf(NO_BUILDING) });
  }
  const titles = uniqueNames(raw.map((subProject) => subProject.title));
  return {
    subProjects: raw.map((subProject, index) => ({ title: titles[index], approvalLots: subProject.lots.map((lot) => lot.name), lots: subProject.lots, storeys: subProject.storeys })),
  };
}

/** The net volume of walls (m³, rounded to litres); null when a wall's volume is unknown, so nothing half-known is proposed. */
export function wallsVolume(wallIds: readonly number[], volumeOf: (wallId: number) => number | null | undefined): number | null {
  let total = 0;
  for (const id of wallIds) {
    const volume = volumeOf(id);
    if (typeof volume !== 'number' || !Number.isFinite(volume) || volume < 0) return null;
    total += volume;
  }
  return wallIds.length ? Math.round(total * 1000) / 1000 : null;
}

/** The structure with each lot's and storey's wall volume filled in from the model's wall volumes. */
export function withWallVolumes(structure: IfcStructure, volumeOf: (wallId: number) => number | null | undefined): IfcStructure {
  const fill = (lot: IfcStructureLot): IfcStructureLot => ({ ...lot, volume: wallsVolume(lot.wallIds ?? [], volumeOf) });
  return { subProjects: structure.subProjects.map((subProject) => ({ ...subProject, lots: subProject.lots.map(fill), storeys: subProject.storeys?.map(fill) })) };
}

/**
 * The structure with each lot's starting material (issue #39): the type its content calls for
 * (`materialTypeForContent`) and that type's earliest date for a new lot, so the customer only confirms.
 */
export function withProposedMaterials(structure: IfcStructure, types: readonly Pick<MaterialType, 'key' | 'minDate'>[]): IfcStructure {
  const fill = (lot: IfcStructureLot): IfcStructureLot => {
    const materialType = materialTypeForContent({ walls: lot.wallNos.length, slabs: lot.slabCount ?? 0 }, types);
    return { ...lot, materialType, deliveryDate: materialType ? (types.find((type) => type.key === materialType)?.minDate ?? null) : null };
  };
  return { subProjects: structure.subProjects.map((subProject) => ({ ...subProject, lots: subProject.lots.map(fill), storeys: subProject.storeys?.map(fill) })) };
}
