import {
  type IfcAPI,
  IFCCONVERSIONBASEDUNIT,
  IFCDOOR,
  IFCDOORSTANDARDCASE,
  IFCELEMENTQUANTITY,
  IFCPROJECT,
  IFCQUANTITYAREA,
  IFCQUANTITYLENGTH,
  IFCQUANTITYVOLUME,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELFILLSELEMENT,
  IFCSIUNIT,
  IFCWINDOW,
  IFCWINDOWSTANDARDCASE,
} from 'web-ifc';
import type { DimensionSource, WallDimensions, WallOpeningDimensions } from '../../src/domain/viewerModel.js';
import { number, reference, references, text, type Line } from './ifc-structure.js';
import { measureOpening, type WallMeasure } from './ifc-wall-geometry.js';

/**
 * What a model says about its walls' sizes besides the geometry: the base quantity sets
 * (Qto_WallBaseQuantities, Qto_OpeningElementBaseQuantities; IFC2x3 tools name them BaseQuantities), the
 * openings voiding each wall and the door or window filling each opening with its overall size.
 */

const WALL_SETS = new Set(['qto_wallbasequantities', 'basequantities']);
const OPENING_SETS = new Set(['qto_openingelementbasequantities', 'basequantities']);
const DOORS = new Set([IFCDOOR, IFCDOORSTANDARDCASE]);
const WINDOWS = new Set([IFCWINDOW, IFCWINDOWSTANDARDCASE]);
const SI_PREFIX: Record<string, number> = { EXA: 1e18, PETA: 1e15, TERA: 1e12, GIGA: 1e9, MEGA: 1e6, KILO: 1e3, HECTO: 1e2, DECA: 10, DECI: 0.1, CENTI: 0.01, MILLI: 1e-3, MICRO: 1e-6, NANO: 1e-9 };

/** Quantities by lower-case name, in metres, m² and m³. */
export type Quantities = Map<string, number>;

export interface OpeningFact {
  id: number;
  globalId: string;
  name: string;
  kind: WallOpeningDimensions['kind'];
  quantities: Quantities;
  /** The door's or window's OverallWidth and OverallHeight (metres). */
  overallWidth: number | null;
  overallHeight: number | null;
}

export interface DimensionFacts {
  wallQuantities: Map<number, Quantities>;
  openingsOf: Map<number, OpeningFact[]>;
}

const enumValue = (attribute: unknown) => String((attribute as { value?: unknown } | null)?.value ?? attribute ?? '').toUpperCase();

/** Metres per length unit and m³ per volume unit of the project (IfcSIUnit with prefix, or a conversion-based unit). */
function unitScales(api: IfcAPI, modelId: number): { length: number; area: number; volume: number } {
  const line = (id: number) => api.GetLine(modelId, id) as Line;
  const scales = { length: 1, area: 1, volume: 1 };
  const [projectId] = api.GetLineIDsWithType(modelId, IFCPROJECT);
  const assignment = projectId === undefined ? null : reference(line(projectId).UnitsInContext);
  if (assignment === null) return scales;
  const power = { LENGTHUNIT: ['length', 1], AREAUNIT: ['area', 2], VOLUMEUNIT: ['volume', 3] } as const;
  for (const unitId of references(line(assignment).Units)) {
    const type = api.GetLineType(modelId, unitId);
    if (type !== IFCSIUNIT && type !== IFCCONVERSIONBASEDUNIT) continue;
    const unit = line(unitId);
    const kind = power[enumValue(unit.UnitType) as keyof typeof power];
    if (!kind) continue;
    if (type === IFCSIUNIT) {
      scales[kind[0]] = (SI_PREFIX[enumValue(unit.Prefix)] ?? 1) ** kind[1];
    } else {
      const factor = reference(unit.ConversionFactor);
      const value = factor === null ? null : number(line(factor).ValueComponent);
      if (value && value > 0) scales[kind[0]] = value;
    }
  }
  return scales;
}

/**
 * Bulk reads use web-ifc's raw lines (positional arguments, about three times faster than GetLine): a large model
 * has tens of thousands of quantities. Positions are those of IFC2x3 and IFC4 alike.
 */
const ARG = {
  relatedObjects: 4,
  relatingDefinition: 5,
  setName: 2,
  setQuantities: 5,
  quantityName: 0,
  quantityValue: 3,
  relating: 4,
  related: 5,
  name: 2,
  overallHeight: 8,
  overallWidth: 9,
} as const;

function rawLines(api: IfcAPI, modelId: number, ids: number[]): Map<number, unknown[]> {
  const lines = new Map<number, unknown[]>();
  const unique = [...new Set(ids)];
  const CHUNK = 5000;
  for (let start = 0; start < unique.length; start += CHUNK) {
    for (const line of api.GetRawLinesData(modelId, unique.slice(start, start + CHUNK))) lines.set(line.ID, line.arguments ?? []);
  }
  return lines;
}

const idsOf = (api: IfcAPI, modelId: number, type: number) => [...api.GetLineIDsWithType(modelId, type)];

/** Every IfcElementQuantity of the wanted names assigned to one of the elements, merged per element. */
function readQuantities(api: IfcAPI, modelId: number, wanted: (id: number) => Set<string> | null, scales: ReturnType<typeof unitScales>): Map<number, Quantities> {
  // A model without quantity sets: its (many) property relationships need not be read at all.
  if (api.GetLineIDsWithType(modelId, IFCELEMENTQUANTITY).size() === 0) return new Map();
  const rels = rawLines(api, modelId, idsOf(api, modelId, IFCRELDEFINESBYPROPERTIES));
  const assigned: { targets: number[]; setId: number }[] = [];
  for (const args of rels.values()) {
    const targets = references(args[ARG.relatedObjects]).filter((id) => wanted(id) !== null);
    if (!targets.length) continue;
    const definition = args[ARG.relatingDefinition];
    for (const setId of Array.isArray(definition) ? references(definition) : [reference(definition)]) {
      if (setId !== null && api.GetLineType(modelId, setId) === IFCELEMENTQUANTITY) assigned.push({ targets, setId });
    }
  }
  const sets = rawLines(api, modelId, assigned.map((entry) => entry.setId));
  const quantityIds = [...sets.values()].flatMap((args) => references(args[ARG.setQuantities]));
  const quantityLines = rawLines(api, modelId, quantityIds);
  const scaleOf = (id: number) => {
    const type = api.GetLineType(modelId, id);
    return type === IFCQUANTITYLENGTH ? scales.length : type === IFCQUANTITYAREA ? scales.area : type === IFCQUANTITYVOLUME ? scales.volume : null;
  };
  const result = new Map<number, Quantities>();
  for (const { targets, setId } of assigned) {
    const args = sets.get(setId) ?? [];
    const setName = (text(args[ARG.setName]) ?? '').toLowerCase();
    const values = new Map<string, number>();
    for (const quantityId of references(args[ARG.setQuantities])) {
      const quantity = quantityLines.get(quantityId) ?? [];
      const value = number(quantity[ARG.quantityValue]);
      const scale = value === null ? null : scaleOf(quantityId);
      if (scale !== null) values.set((text(quantity[ARG.quantityName]) ?? '').toLowerCase(), value! * scale);
    }
    for (const target of targets) {
      if (!wanted(target)!.has(setName)) continue;
      const merged = result.get(target) ?? new Map<string, number>();
      for (const [name, value] of values) if (!merged.has(name)) merged.set(name, value);
      result.set(target, merged);
    }
  }
  return result;
}

/** The openings of the walls (IfcRelVoidsElement, read once by the caller) with their fillings and quantities. */
export function readDimensionFacts(api: IfcAPI, modelId: number, wallIds: ReadonlySet<number>, voids: readonly { element: number; opening: number }[]): DimensionFacts {
  const scales = unitScales(api, modelId);
  const wallOf = new Map<number, number>();
  for (const { element, opening } of voids) if (wallIds.has(element) && !wallOf.has(opening)) wallOf.set(opening, element);
  const fillingOf = new Map<number, number>();
  for (const args of rawLines(api, modelId, idsOf(api, modelId, IFCRELFILLSELEMENT)).values()) {
    const opening = reference(args[ARG.relating]);
    const filling = reference(args[ARG.related]);
    if (opening !== null && filling !== null && wallOf.has(opening) && !fillingOf.has(opening)) fillingOf.set(opening, filling);
  }
  const quantities = readQuantities(api, modelId, (id) => (wallIds.has(id) ? WALL_SETS : wallOf.has(id) ? OPENING_SETS : null), scales);
  const openingLines = rawLines(api, modelId, [...wallOf.keys(), ...fillingOf.values()]);
  const overall = (attribute: unknown) => {
    const value = number(attribute);
    return value !== null && value > 0 ? value * scales.length : null;
  };
  const openingsOf = new Map<number, OpeningFact[]>();
  for (const [openingId, wallId] of [...wallOf].sort((a, b) => a[0] - b[0])) {
    const opening = openingLines.get(openingId) ?? [];
    const fillingId = fillingOf.get(openingId);
    const fillingType = fillingId === undefined ? null : api.GetLineType(modelId, fillingId);
    const kind = fillingType !== null && DOORS.has(fillingType) ? 'door' : fillingType !== null && WINDOWS.has(fillingType) ? 'window' : 'opening';
    const filling = kind === 'opening' ? [] : (openingLines.get(fillingId!) ?? []);
    const globalId = text(opening[0]) ?? '';
    const fact: OpeningFact = {
      id: openingId,
      globalId,
      name: (text(filling[ARG.name]) ?? text(opening[ARG.name]) ?? '').trim() || globalId,
      kind,
      quantities: quantities.get(openingId) ?? new Map(),
      overallWidth: overall(filling[ARG.overallWidth]),
      overallHeight: overall(filling[ARG.overallHeight]),
    };
    const list = openingsOf.get(wallId);
    if (list) list.push(fact);
    else openingsOf.set(wallId, [fact]);
  }
  const wallQuantities = new Map([...quantities].filter(([id]) => wallIds.has(id)));
  return { wallQuantities, openingsOf };
}

const mm = (metres: number | null | undefined) => (typeof metres === 'number' && Number.isFinite(metres) && metres > 0 ? Math.round(metres * 1000) : null);
const cubicMetres = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null);

/** One opening: width and height from its quantity set, else the door's or window's overall size, else its geometry. */
function openingDimensions(fact: OpeningFact, geometry: Float32Array | undefined, wall: WallMeasure | null): WallOpeningDimensions {
  const measured = geometry && wall ? measureOpening(geometry, wall.frame) : null;
  const qtoWidth = fact.quantities.get('width');
  const qtoHeight = fact.quantities.get('height');
  let source: DimensionSource | null = null;
  let width: number | null = null;
  let height: number | null = null;
  if (mm(qtoWidth) !== null && mm(qtoHeight) !== null) [source, width, height] = ['qto', mm(qtoWidth), mm(qtoHeight)];
  else if (mm(fact.overallWidth) !== null && mm(fact.overallHeight) !== null) [source, width, height] = ['attributes', mm(fact.overallWidth), mm(fact.overallHeight)];
  else if (measured) [source, width, height] = ['geometry', mm(measured.width), mm(measured.height)];
  return { id: fact.id, globalId: fact.globalId, name: fact.name, kind: fact.kind, width, height, sill: measured ? Math.max(0, Math.round(measured.sill * 1000)) : null, source };
}

/** A wall's dimensions: the quantity set's values where present, the geometry's for the rest. */
export function wallDimensions(quantities: Quantities | undefined, measure: WallMeasure | null, openings: OpeningFact[], openingGeometry: ReadonlyMap<number, Float32Array>): WallDimensions {
  const fromSet = { length: mm(quantities?.get('length')), height: mm(quantities?.get('height')), thickness: mm(quantities?.get('width')) };
  const fromGeometry = { length: mm(measure?.length), height: mm(measure?.height), thickness: mm(measure?.thickness) };
  const length = fromSet.length ?? fromGeometry.length;
  const height = fromSet.height ?? fromGeometry.height;
  const thickness = fromSet.thickness ?? fromGeometry.thickness;
  const counted = Object.values(fromSet).filter((value) => value !== null).length;
  const known = length !== null || height !== null || thickness !== null;
  return {
    length,
    height,
    thickness,
    netVolume: cubicMetres(quantities?.get('netvolume')) ?? cubicMetres(measure?.netVolume),
    source: !known ? null : counted === 3 ? 'qto' : counted === 0 ? 'geometry' : 'mixed',
    openings: openings.map((opening) => openingDimensions(opening, openingGeometry.get(opening.id), measure)),
  };
}
