import {
  IfcAPI,
  IFCBUILDING,
  IFCBUILDINGSTOREY,
  IFCGROUP,
  IFCPROJECT,
  IFCRELAGGREGATES,
  IFCRELASSIGNSTOGROUP,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCSITE,
  IFCSLAB,
  IFCSLABELEMENTEDCASE,
  IFCSLABSTANDARDCASE,
  IFCWALL,
  IFCWALLELEMENTEDCASE,
  IFCWALLSTANDARDCASE,
  LogLevel,
} from 'web-ifc';
import { hasIfcStructure, mapIfcStructure, ENGLISH_FALLBACK_NAMES, type IfcFacts, type IfcFallbackNames, type IfcStructure } from '../../src/domain/ifcStructure.js';
import { contentMatchesExtension, PROJECT_FILE_MAX_BYTES } from '../../src/domain/projectFiles.js';

export type IfcErrorKey = 'IFC.NotIfc' | 'IFC.Broken' | 'IFC.NoStructure' | 'IFC.TooLarge';
export type IfcReasonKey = 'IFC.Reason.Truncated' | 'IFC.Reason.Unreadable' | 'IFC.Reason.Timeout' | 'IFC.Reason.OutOfMemory';

/** Why a file gives no structure; the route answers 422 with the key (and the reason's key for IFC.Broken). */
export class IfcReadError extends Error {
  constructor(
    readonly key: IfcErrorKey,
    /** For IFC.Broken: the translation key of the reason. */
    readonly reasonKey?: IfcReasonKey,
    options?: { cause?: unknown },
  ) {
    super(reasonKey ? `${key} (${reasonKey})` : key, options);
  }
}

/** Files above the upload limit for one project file are not read (they could not have been uploaded). */
export const IFC_MAX_BYTES = PROJECT_FILE_MAX_BYTES;

let shared: Promise<IfcAPI> | null = null;

/**
 * One web-ifc instance per module instance (the server process, or the viewer's extraction worker), created on
 * first use; after a failure a fresh one is made.
 */
export function ifcApi(): Promise<IfcAPI> {
  if (!shared) {
    shared = (async () => {
      const api = new IfcAPI();
      // Single-threaded: no workers in the server process. The wasm is loaded from node_modules.
      await api.Init(undefined, true);
      api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
      return api;
    })();
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

/** After web-ifc failed inside, its state is not to be trusted: the next read gets a fresh instance. */
export function discardIfcApi() {
  shared = null;
}

const latin1 = new TextDecoder('latin1');

/** The schema named in the STEP header, or null when the header names none. */
function headerSchema(bytes: Uint8Array): string | null {
  const head = latin1.decode(bytes.subarray(0, 64 * 1024));
  const header = head.slice(0, head.search(/\bDATA\s*;/) >>> 0);
  return /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(header)?.[1] ?? null;
}

/** A complete STEP file ends with END-ISO-10303-21; (whitespace after it allowed). */
function isComplete(bytes: Uint8Array): boolean {
  return /END-ISO-10303-21;\s*$/.test(latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024))));
}

/** The checks before web-ifc sees the bytes: size, STEP signature, IFC schema, complete file. */
export function checkIfcBytes(bytes: Uint8Array): void {
  if (bytes.length > IFC_MAX_BYTES) throw new IfcReadError('IFC.TooLarge');
  if (!contentMatchesExtension('model.ifc', bytes)) throw new IfcReadError('IFC.NotIfc');
  if (!/^IFC/i.test(headerSchema(bytes) ?? '')) throw new IfcReadError('IFC.NotIfc');
  if (!isComplete(bytes)) throw new IfcReadError('IFC.Broken', 'IFC.Reason.Truncated');
}

export type Line = Record<string, unknown>;
export const text = (attribute: unknown): string | null => {
  const value = (attribute as { value?: unknown } | null | undefined)?.value;
  return typeof value === 'string' ? value : null;
};
export const number = (attribute: unknown): number | null => {
  const value = (attribute as { value?: unknown } | null | undefined)?.value;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};
export const reference = (attribute: unknown): number | null => number(attribute);
export const references = (attribute: unknown): number[] =>
  Array.isArray(attribute) ? attribute.map(reference).filter((id): id is number => id !== null) : [];

/** Reads the facts the structure needs: spatial tree, wall containment, group assignments. */
function readFacts(api: IfcAPI, model: number): IfcFacts {
  const ids = (type: number, inherited = false) => [...api.GetLineIDsWithType(model, type, inherited)];
  const line = (id: number) => api.GetLine(model, id) as Line;

  const projects = ids(IFCPROJECT);
  if (!projects.length) throw new IfcReadError('IFC.NotIfc');
  const [site] = ids(IFCSITE).map(line);

  // Spatial parents from IfcRelAggregates (project → site → building → storey → space).
  const parent = new Map<number, number>();
  for (const id of ids(IFCRELAGGREGATES)) {
    const rel = line(id);
    const relating = reference(rel.RelatingObject);
    if (relating === null) continue;
    for (const child of references(rel.RelatedObjects)) if (!parent.has(child)) parent.set(child, relating);
  }
  const buildingIds = new Set(ids(IFCBUILDING));
  const storeyIds = new Set(ids(IFCBUILDINGSTOREY));
  /** The element itself or its nearest ancestor that passes the test. */
  const nearest = (start: number, test: (id: number) => boolean): number | null => {
    const seen = new Set<number>();
    for (let id: number | undefined = start; id !== undefined && !seen.has(id); id = parent.get(id)) {
      if (test(id)) return id;
      seen.add(id);
    }
    return null;
  };

  const wallIds = new Set([...ids(IFCWALL), ...ids(IFCWALLSTANDARDCASE), ...ids(IFCWALLELEMENTEDCASE)]);
  const slabIds = new Set([...ids(IFCSLAB), ...ids(IFCSLABSTANDARDCASE), ...ids(IFCSLABELEMENTEDCASE)]);
  const containers = new Map<number, number[]>();
  for (const id of ids(IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = line(id);
    const structure = reference(rel.RelatingStructure);
    if (structure === null) continue;
    const container = nearest(structure, (candidate) => storeyIds.has(candidate) || buildingIds.has(candidate));
    if (container === null) continue;
    for (const element of references(rel.RelatedElements)) {
      if (wallIds.has(element) || slabIds.has(element)) containers.set(element, [...(containers.get(element) ?? []), container]);
    }
  }

  // Only plain IfcGroup: its subtypes (systems, zones, structural models, inventories) are not phases.
  const groupIds = new Set(ids(IFCGROUP));
  const members = new Map<number, number[]>();
  for (const id of ids(IFCRELASSIGNSTOGROUP, true)) {
    const rel = line(id);
    const group = reference(rel.RelatingGroup);
    if (group === null || !groupIds.has(group)) continue;
    members.set(group, [...(members.get(group) ?? []), ...references(rel.RelatedObjects)]);
  }

  const project = line(projects[0]);
  return {
    projectName: text(project.Name) ?? text(project.LongName),
    siteName: site ? (text(site.Name) ?? text(site.LongName)) : null,
    buildings: [...buildingIds].map((id) => {
      const building = line(id);
      return { id, name: text(building.Name), longName: text(building.LongName) };
    }),
    storeys: [...storeyIds].map((id) => {
      const storey = line(id);
      const above = parent.get(id);
      return {
        id,
        name: text(storey.Name),
        longName: text(storey.LongName),
        elevation: number(storey.Elevation),
        buildingId: above === undefined ? null : nearest(above, (candidate) => buildingIds.has(candidate)),
      };
    }),
    walls: [...wallIds].map((id) => {
      const wall = line(id);
      return { id, name: text(wall.Name), tag: text(wall.Tag), globalId: text(wall.GlobalId), containerIds: containers.get(id) ?? [] };
    }),
    groups: [...groupIds].map((id) => ({ id, name: text(line(id).Name), memberIds: members.get(id) ?? [] })),
    slabs: [...slabIds].map((id) => ({ id, containerIds: containers.get(id) ?? [] })),
  };
}

/**
 * Opens the file in web-ifc, hands it to `read` and closes it again. Throws IfcReadError (IFC.NotIfc, IFC.Broken
 * with a reason, IFC.TooLarge, or what `read` throws) and nothing else; after a failure inside web-ifc the next
 * call gets a fresh instance.
 */
export async function withIfcModel<T>(bytes: Uint8Array, read: (api: IfcAPI, modelId: number) => T): Promise<T> {
  checkIfcBytes(bytes);
  let api: IfcAPI;
  try {
    api = await ifcApi();
  } catch (error) {
    throw new IfcReadError('IFC.Broken', 'IFC.Reason.Unreadable', { cause: error });
  }
  let modelId = -1;
  try {
    try {
      modelId = api.OpenModel(bytes);
    } catch (error) {
      discardIfcApi();
      throw new IfcReadError('IFC.NotIfc', undefined, { cause: error });
    }
    if (modelId < 0) throw new IfcReadError('IFC.NotIfc');
    try {
      return read(api, modelId);
    } catch (error) {
      if (error instanceof IfcReadError) throw error;
      discardIfcApi();
      throw new IfcReadError('IFC.Broken', 'IFC.Reason.Unreadable', { cause: error });
    }
  } finally {
    if (modelId >= 0) {
      try {
        api.CloseModel(modelId);
      } catch {
        discardIfcApi();
      }
    }
  }
}

/**
 * The facts of the model's structure (spatial tree, walls, groups). Throws IfcReadError for files that are not
 * IFC, are truncated or unreadable, or hold no building or storey; never anything else. Runs in the extraction
 * worker (ifc-viewer-pool.ts readStructureFacts): the API never parses a model on its request thread.
 */
export async function readIfcFacts(bytes: Uint8Array): Promise<IfcFacts> {
  const facts = await withIfcModel(bytes, readFacts);
  if (!hasIfcStructure(facts)) throw new IfcReadError('IFC.NoStructure');
  return facts;
}

/** The structure an IFC model suggests (see src/domain/ifcStructure.ts), read in this thread (tests, scripts). */
export async function readIfcStructure(bytes: Uint8Array, names: IfcFallbackNames = ENGLISH_FALLBACK_NAMES): Promise<IfcStructure> {
  return mapIfcStructure(await readIfcFacts(bytes), names);
}
