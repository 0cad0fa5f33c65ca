/**
 * The project structure draft (spec §3 "Structure draft", §5 "Structure"): subprojects → approval lots →
 * material rows. The draft's shape is schemas/structure/draft.schema.json; the cross-field rules are here,
 * used by the structure page (errors shown at the fields, Save disabled) and by
 * `POST /api/tasks/create-project-structure/{rootId}` (400 with the same messages, nothing created).
 */
import { hasControlCharacters, MESSAGE } from './validation';
import { isClosedState, UNIT_TITLE_MAX, type RuleResult, type UnitContext } from './projectUnits';

/** The base volume available per subproject, m³ (spec §9). */
export const MAX_SUBPROJECT_VOLUME = 350;
/** Local storage key of a root's draft (spec §9). */
export const structureDraftStorageKey = (rootId: number | string) => `project-structure-${rootId}`;
/** Expand all / collapse all appear when there are more entries than this. */
export const EXPAND_ALL_THRESHOLD = 2;

export interface StructureMaterial {
  type: string;
  volume: number;
  deliveryDate: string;
}

export interface StructureLot {
  id: string;
  parentID?: string;
  name: string;
  /** Set when the lot already exists as a unit of the project. */
  projectUnitID?: number;
  /** Walls of the lot (names from the IFC model), carried to the delivery lots. */
  wallNos?: string[];
  materials: StructureMaterial[];
}

/** A subproject of AAC elements: its lots are AAC order lots (no material rows; their order tables hold the elements). */
export const AAC_VARIANT = 'aac_elements';

export interface StructureSubproject {
  id: string;
  name: string;
  /** 'aac_elements': a new AAC subproject with order lots (from the IFC import); absent: approval lots. */
  variant?: typeof AAC_VARIANT;
  expanded?: boolean;
  projectUnitID?: number;
  children: StructureLot[];
}

export interface StructureDraft {
  subprojects: StructureSubproject[];
}

/** A material type offered in the rows, with the earliest delivery date for a new unit. */
export interface MaterialType {
  key: string;
  label: string;
  productTypeID: number | null;
  minDate: string;
}

/** What the rules need besides the draft; the server computes it (`GET /api/structure/{rootId}`). */
export interface StructureRules {
  today: string;
  materialTypes: MaterialType[];
  /** Existing approval lots whose earliest date differs per type (plant / product type assigned): unit id → type → date. */
  unitMinDates?: Record<string, Record<string, string>>;
  /** Names of the root's other subprojects (not in the draft, e.g. lintel or AAC subprojects): a draft name may not repeat them. */
  otherSubprojectNames?: string[];
  /** The tenant sells AAC elements (active AAC articles): the IFC import proposes AAC subprojects with order lots. */
  sellsAac?: boolean;
  /** The earliest delivery date of a new order lot (no plant or product type of its own yet). */
  orderLotMinDate?: string;
}

/** The delivery date a new AAC order lot of the structure gets: the earliest allowed one. */
export const orderLotDeliveryDate = (rules: Pick<StructureRules, 'today' | 'orderLotMinDate'>) => rules.orderLotMinDate ?? rules.today;

export type StructurePath = (string | number)[];

export interface StructureProblem {
  path: StructurePath;
  key: string;
  params?: Record<string, string | number>;
}

export const STRUCTURE_MESSAGE = {
  nameRequired: 'STRUCTURE.Errors.NameRequired',
  duplicateSubproject: 'STRUCTURE.Errors.DuplicateSubproject',
  duplicateApprovalLot: 'STRUCTURE.Errors.DuplicateApprovalLot',
  placeholderOnly: 'STRUCTURE.Errors.PlaceholderOnly',
  noApprovalLots: 'STRUCTURE.Errors.NoApprovalLots',
  noSubprojects: 'STRUCTURE.Errors.NoSubprojects',
  volumePositive: 'STRUCTURE.Errors.VolumePositive',
  volumeMax: 'STRUCTURE.Errors.VolumeMax',
  dateRequired: 'STRUCTURE.Errors.DateRequired',
  dateTooEarly: 'STRUCTURE.Errors.DateTooEarly',
  unknownType: 'STRUCTURE.Errors.UnknownMaterialType',
  limitReached: 'STRUCTURE.Errors.LimitReached',
  unknownUnit: 'STRUCTURE.Errors.UnknownUnit',
  orderLotMaterials: 'STRUCTURE.Errors.NoMaterialsForOrderLots',
  noAac: 'STRUCTURE.Errors.NoAacElements',
} as const;

export const isAacSubproject = (subproject: Pick<StructureSubproject, 'variant'>) => subproject.variant === AAC_VARIANT;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().slice(0, 10) === value;
}

/** Today plus a number of days, as yyyy-mm-dd (dates are calendar days, computed in UTC on the server). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The volume of a row or a list of rows, rounded to litres so that 0.1 + 0.2 sums as people expect. */
export function sumVolume(materials: readonly Pick<StructureMaterial, 'volume'>[]): number {
  return Math.round(materials.reduce((sum, material) => sum + (Number.isFinite(material.volume) ? material.volume : 0), 0) * 1000) / 1000;
}

export function subprojectVolume(subproject: StructureSubproject): number {
  return sumVolume(subproject.children.flatMap((lot) => lot.materials));
}

/** An approval lot with no name and no materials: the placeholder a new subproject starts with. */
export function isPlaceholderLot(lot: StructureLot): boolean {
  return lot.name.trim() === '' && lot.materials.length === 0 && !lot.projectUnitID;
}

const normalName = (name: string) => name.trim().toLocaleLowerCase();

/** The earliest delivery date of a material row: the unit's own (assigned plant × product type) or the type's. */
export function minDateFor(rules: StructureRules, lot: Pick<StructureLot, 'projectUnitID'>, type: string): string {
  const own = lot.projectUnitID ? rules.unitMinDates?.[String(lot.projectUnitID)]?.[type] : undefined;
  return own ?? rules.materialTypes.find((candidate) => candidate.key === type)?.minDate ?? rules.today;
}

function nameProblems(name: string, path: StructurePath): StructureProblem[] {
  if (!name.trim()) return [{ path, key: STRUCTURE_MESSAGE.nameRequired }];
  if (name.trim().length > UNIT_TITLE_MAX) return [{ path, key: MESSAGE.tooLong, params: { max: UNIT_TITLE_MAX } }];
  if (hasControlCharacters(name)) return [{ path, key: MESSAGE.invalidCharacters }];
  return [];
}

/** Problems of one material row (type known, volume > 0, a date no earlier than the lot's earliest date). */
export function materialRowProblems(material: StructureMaterial, minDate: string, rules: Pick<StructureRules, 'materialTypes'>, path: StructurePath, volumeMustBePositive = true): StructureProblem[] {
  const problems: StructureProblem[] = [];
  if (!rules.materialTypes.some((type) => type.key === material.type)) problems.push({ path: [...path, 'type'], key: STRUCTURE_MESSAGE.unknownType, params: { type: material.type } });
  // The structure needs a volume above 0; a lot's delivery data takes 0 too, and then says so.
  if (!Number.isFinite(material.volume) || material.volume < 0 || (volumeMustBePositive && material.volume <= 0)) {
    problems.push({ path: [...path, 'volume'], key: volumeMustBePositive ? STRUCTURE_MESSAGE.volumePositive : 'STRUCTURE.Errors.VolumeNotNegative' });
  }
  if (!material.deliveryDate) problems.push({ path: [...path, 'deliveryDate'], key: STRUCTURE_MESSAGE.dateRequired });
  else if (!isIsoDate(material.deliveryDate)) problems.push({ path: [...path, 'deliveryDate'], key: MESSAGE.invalidDate });
  else if (material.deliveryDate < minDate) problems.push({ path: [...path, 'deliveryDate'], key: STRUCTURE_MESSAGE.dateTooEarly, params: { minDate } });
  return problems;
}

/**
 * Every rule of spec §5 "Structure" over a whole draft: names present and unique (subprojects in the root,
 * approval lots in their subproject), a subproject holding only its empty placeholder (or nothing) blocks,
 * every material with a known type, volume > 0 and a date no earlier than today plus the preliminary days,
 * at most 350 m³ per subproject. Paths follow the draft's JSON shape.
 */
export function structureProblems(draft: StructureDraft, rules: StructureRules): StructureProblem[] {
  const problems: StructureProblem[] = [];
  if (!draft.subprojects.length) problems.push({ path: ['subprojects'], key: STRUCTURE_MESSAGE.noSubprojects });
  const taken = new Set((rules.otherSubprojectNames ?? []).map(normalName));
  draft.subprojects.forEach((subproject, s) => {
    const base: StructurePath = ['subprojects', s];
    const nameIssues = nameProblems(subproject.name, [...base, 'name']);
    problems.push(...nameIssues);
    if (!nameIssues.length) {
      if (taken.has(normalName(subproject.name))) problems.push({ path: [...base, 'name'], key: STRUCTURE_MESSAGE.duplicateSubproject, params: { name: subproject.name.trim() } });
      taken.add(normalName(subproject.name));
    }
    const realLots = subproject.children.filter((lot) => !isPlaceholderLot(lot));
    if (!realLots.length) {
      problems.push({ path: [...base, 'children'], key: subproject.children.length ? STRUCTURE_MESSAGE.placeholderOnly : STRUCTURE_MESSAGE.noApprovalLots, params: { name: subproject.name.trim() } });
    }
    const lotNames = new Set<string>();
    subproject.children.forEach((lot, l) => {
      if (isPlaceholderLot(lot) && realLots.length) return;
      const lotPath: StructurePath = [...base, 'children', l];
      const lotIssues = isPlaceholderLot(lot) ? [] : nameProblems(lot.name, [...lotPath, 'name']);
      problems.push(...lotIssues);
      if (!lotIssues.length && lot.name.trim()) {
        if (lotNames.has(normalName(lot.name))) problems.push({ path: [...lotPath, 'name'], key: STRUCTURE_MESSAGE.duplicateApprovalLot, params: { name: lot.name.trim() } });
        lotNames.add(normalName(lot.name));
      }
      if (isAacSubproject(subproject)) {
        if (lot.materials.length) problems.push({ path: [...lotPath, 'materials'], key: STRUCTURE_MESSAGE.orderLotMaterials });
        return;
      }
      lot.materials.forEach((material, m) => {
        problems.push(...materialRowProblems(material, minDateFor(rules, lot, material.type), rules, [...lotPath, 'materials', m]));
      });
    });
    if (isAacSubproject(subproject) && !rules.sellsAac) problems.push({ path: [...base, 'name'], key: STRUCTURE_MESSAGE.noAac });
    const total = subprojectVolume(subproject);
    if (total > MAX_SUBPROJECT_VOLUME) problems.push({ path: base, key: STRUCTURE_MESSAGE.limitReached, params: { max: MAX_SUBPROJECT_VOLUME, total } });
  });
  return problems;
}

/** Names that appear more than once (subprojects in the draft, lots per subproject): the dialog when proceeding lists them. */
export function duplicateNames(draft: StructureDraft): string[] {
  const duplicates = new Set<string>();
  const count = (names: string[]) => {
    const seen = new Set<string>();
    for (const name of names.map((n) => n.trim()).filter(Boolean)) {
      if (seen.has(normalName(name))) duplicates.add(name);
      seen.add(normalName(name));
    }
  };
  count(draft.subprojects.map((subproject) => subproject.name));
  for (const subproject of draft.subprojects) count(subproject.children.map((lot) => lot.name));
  return [...duplicates];
}

/** The draft without placeholder lots and with trimmed names: what the server creates. */
export function normaliseDraft(draft: StructureDraft): StructureDraft {
  return {
    subprojects: draft.subprojects.map((subproject) => ({
      ...subproject,
      name: subproject.name.trim(),
      children: subproject.children
        .filter((lot) => !isPlaceholderLot(lot))
        .map((lot) => ({ ...lot, name: lot.name.trim(), materials: lot.materials.map((material) => ({ ...material, volume: Math.round(material.volume * 1000) / 1000 })) })),
    })),
  };
}

let idCounter = 0;
/** A client-side id for a new draft entry (not a unit id). */
export function newDraftId(prefix: 'sp' | 'al'): string {
  idCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${idCounter.toString(36)}`;
}

/** A new subproject: named, expanded, holding the empty placeholder lot (which blocks saving until named). */
export function newSubproject(name: string): StructureSubproject {
  const id = newDraftId('sp');
  return { id, name, expanded: true, children: [{ id: newDraftId('al'), parentID: id, name: '', materials: [] }] };
}

export function newApprovalLot(parent: StructureSubproject, name: string): StructureLot {
  return { id: newDraftId('al'), parentID: parent.id, name, materials: [] };
}

interface IfcLotInput {
  name: string;
  wallNos: string[];
  volume?: number | null;
  /** The type the lot's content calls for (the server's `withProposedMaterials`); absent or null: the usual type. */
  materialType?: string | null;
}

/** What an IFC import needs besides the model's structure. */
export interface IfcDraftOptions {
  /** The material type of the approval lots' rows (see usualMaterialType); '' for lots without materials (CCL). */
  type: string;
  rules: Pick<StructureRules, 'today' | 'materialTypes' | 'sellsAac'>;
  /** The name of a building's AAC subproject ("Haus A – AAC elements", translated by the caller). */
  aacName?: (building: string) => string;
}

/**
 * The draft an IFC structure yields (issue #29): per building a subproject with its approval lots (groups or
 * storeys), each with one material row of the type its content calls for (else the usual type) holding the walls' net volume from the model and the
 * earliest allowed delivery date, so an imported lot starts valid where the model knows its walls (volume 0, to be
 * typed, where it does not); where the tenant sells AAC elements, per building an AAC subproject with an order lot
 * per storey that has walls. Every lot keeps its walls.
 */
export function draftFromIfc(
  structure: { subProjects: { title: string; approvalLots: string[]; lots?: IfcLotInput[]; storeys?: IfcLotInput[] }[] },
  options: IfcDraftOptions,
): StructureDraft {
  const { type, rules } = options;
  const minDate = (key: string) => rules.materialTypes.find((candidate) => candidate.key === key)?.minDate ?? rules.today;
  // The lot's own type where its content names one the draft offers (issue #39), else the usual one.
  const typeOf = (lot: IfcLotInput | undefined) => (lot?.materialType && rules.materialTypes.some((candidate) => candidate.key === lot.materialType) ? lot.materialType : type);
  const subprojects: StructureSubproject[] = [];
  for (const subProject of structure.subProjects) {
    const id = newDraftId('sp');
    subprojects.push({
      id,
      name: subProject.title,
      expanded: true,
      children: subProject.approvalLots.map((name) => {
        const lot = subProject.lots?.find((candidate) => candidate.name === name);
        return {
          id: newDraftId('al'),
          parentID: id,
          name,
          wallNos: lot?.wallNos ?? [],
          materials: type ? [{ type: typeOf(lot), volume: lot?.volume ?? 0, deliveryDate: minDate(typeOf(lot)) }] : [],
        };
      }),
    });
    const storeys = (subProject.storeys ?? []).filter((storey) => storey.wallNos.length);
    if (!rules.sellsAac || !options.aacName || !storeys.length) continue;
    const aacId = newDraftId('sp');
    subprojects.push({
      id: aacId,
      name: options.aacName(subProject.title).slice(0, 200),
      variant: AAC_VARIANT,
      expanded: true,
      children: storeys.map((storey) => ({ id: newDraftId('al'), parentID: aacId, name: storey.name, wallNos: storey.wallNos, materials: [] })),
    });
  }
  return { subprojects };
}

/** The imported draft without the entries the customer unticked (subproject or lot ids); a subproject left without lots goes too. */
export function pickIfcEntries(imported: StructureDraft, unticked: ReadonlySet<string>): StructureDraft {
  return {
    subprojects: imported.subprojects
      .filter((subproject) => !unticked.has(subproject.id))
      .map((subproject) => ({ ...subproject, children: subproject.children.filter((lot) => !unticked.has(lot.id)) }))
      .filter((subproject) => subproject.children.length > 0),
  };
}

/**
 * Who builds the structure (page and creation call): while the root is in Structuring (for the CCL tenant in
 * Preparing) any member or internal user; a salesPlanner in any open state. An invalid information sheet
 * blocks it as it blocks creating units (spec §4 Creation rule).
 */
export function canEditStructure(context: Pick<UnitContext, 'role' | 'isInternal' | 'rootState' | 'tenantType' | 'infoSheetValid'>): RuleResult {
  const salesPlanner = context.role === 'salesPlanner';
  if (!context.role && !context.isInternal) return { allowed: false, reason: 'PROJECTS.Rules.CreateOnlyInStructuring' };
  if (isClosedState(context.rootState)) return { allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' };
  if (!context.infoSheetValid && !salesPlanner) return { allowed: false, reason: 'PROJECTS.Rules.InvalidPIS' };
  if (salesPlanner || structuringState(context)) return { allowed: true };
  return { allowed: false, reason: 'PROJECTS.Rules.CreateOnlyInStructuring' };
}

/** The root state in which the customer builds the structure: Structuring, or Preparing for the CCL tenant. */
export function structuringState(context: Pick<UnitContext, 'rootState' | 'tenantType'>): boolean {
  return context.rootState === 'Structuring' || (context.tenantType === 'ccl' && context.rootState === 'Preparing');
}

/** The CCL tenant structures subprojects into drawing jobs (no materials: its deliveries are scheduled by week). */
export function secondLevelType(tenantType: 'standard' | 'ccl'): 'approvallot' | 'drawingjob' {
  return tenantType === 'ccl' ? 'drawingjob' : 'approvallot';
}

/** The material type imported rows start with: the one the draft uses most, else the first offered. */
export function usualMaterialType(draft: StructureDraft, types: readonly MaterialType[]): string {
  const counts = new Map<string, number>();
  for (const material of draft.subprojects.flatMap((subproject) => subproject.children.flatMap((lot) => lot.materials))) {
    if (types.some((type) => type.key === material.type)) counts.set(material.type, (counts.get(material.type) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best?.[0] ?? types[0]?.key ?? '';
}

/**
 * An IFC import into a draft: the draft's new entries (not yet units) give way to the model's structure; a
 * model subproject named like an existing one adds its missing lots there; existing units stay; an existing
 * subproject left without lots gets the placeholder back.
 */
export function mergeIfcDraft(draft: StructureDraft, imported: StructureDraft): StructureDraft {
  const existing: StructureSubproject[] = draft.subprojects
    .filter((subproject) => subproject.projectUnitID)
    .map((subproject) => ({ ...subproject, children: subproject.children.filter((lot) => lot.projectUnitID) }));
  const added: StructureSubproject[] = [];
  for (const subproject of imported.subprojects) {
    const match = existing.find((candidate) => normalName(candidate.name) === normalName(subproject.name));
    if (!match) {
      added.push(subproject);
      continue;
    }
    const taken = new Set(match.children.map((lot) => normalName(lot.name)));
    match.children = [...match.children, ...subproject.children.filter((lot) => !taken.has(normalName(lot.name))).map((lot) => ({ ...lot, parentID: match.id }))];
    match.expanded = true;
  }
  const withLots = existing.map((subproject) => (subproject.children.some((lot) => !isPlaceholderLot(lot)) ? subproject : { ...subproject, children: [newApprovalLot(subproject, '')] }));
  return { subprojects: [...withLots, ...added] };
}
