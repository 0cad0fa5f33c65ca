/**
 * Materials of approval lots, the delivery lots planned from them, the delivery overview and the CCL
 * delivery schedule (spec §2 Delivery overview / CCL delivery schedule list, §3 Material delivery entry,
 * Delivery structure, Delivery lot, §5 Units, §9).
 */
import { z } from 'zod';
import { MAX_SUBPROJECT_VOLUME, materialRowProblems, sumVolume, type MaterialType, type StructureMaterial, type StructureProblem } from './structure';
import { isClosedState, type RuleResult, type UnitContext } from './projectUnits';
import { hasControlCharacters, MESSAGE } from './validation';

/** Spec §3 Delivery lot: 0 Fixed, 1 OnCall, 2 Planned. */
export const DELIVERY_TYPE = { Fixed: 0, OnCall: 1, Planned: 2 } as const;
export type DeliveryType = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];
export const DELIVERY_TYPE_NAMES: Record<DeliveryType, 'Fixed' | 'OnCall' | 'Planned'> = { 0: 'Fixed', 1: 'OnCall', 2: 'Planned' };

export const DELIVERY_OVERVIEW_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DELIVERY_OVERVIEW_PAGE_SIZE = 20;
export const MAX_MATERIALS_PER_LOT = 50;

/** The done button shows for OnCall and Planned lots; confirming sets the lot to Fixed. */
export function canMarkDone(deliveryType: number): boolean {
  return deliveryType === DELIVERY_TYPE.OnCall || deliveryType === DELIVERY_TYPE.Planned;
}

export { canConfirmDeliveries } from './deliveryRoles';

/** One row of the delivery overview (resource delivery-overview). */
export interface DeliveryLotRecord {
  id: number;
  deliveryLotID: number;
  rootProjectUnitID: number;
  title: string;
  deliveryDate: string;
  /** Comma list of the approval lots delivered. */
  groups: string;
  /** Comma list of the walls delivered (names from the IFC model). */
  wallNos: string;
  /** Comma list of the approval lot unit ids. */
  projectUnitIDs: string;
  deliveryType: DeliveryType;
  version: number;
}

/** `PUT delivery-overview/{id}`: the done action sends the lot id and type 0 (Fixed). */
export const deliveryLotUpdateSchema = z.strictObject({
  deliveryLotID: z.number({ error: MESSAGE.required }).int().positive().optional(),
  deliveryType: z.literal(DELIVERY_TYPE.Fixed, { error: 'DELIVERY.Errors.OnlyFixed' }),
  version: z.number().int().positive().optional(),
});

const materialRow = z.strictObject({
  type: z.string({ error: MESSAGE.required }).trim().min(1, MESSAGE.required).max(80, MESSAGE.tooLong),
  volume: z.number({ error: MESSAGE.required }).finite(MESSAGE.invalidValue),
  deliveryDate: z.string({ error: MESSAGE.required }).max(10, MESSAGE.invalidDate),
});

/** `POST /api/materials/{projectUnitID}`: the lot's whole list (it replaces the stored one). */
export const materialListSchema = z.array(materialRow, { error: MESSAGE.invalidType }).max(MAX_MATERIALS_PER_LOT, 'DELIVERY.Errors.TooManyMaterials');

/** The volume an approval lot may still hold: 350 minus the other lots of its subproject (never below 0). */
export function availableVolume(otherLotsVolume: number): number {
  return Math.max(0, Math.round((MAX_SUBPROJECT_VOLUME - otherLotsVolume) * 1000) / 1000);
}

/**
 * The rows of one approval lot (spec §5 Units): type known, volume at least 0 and at most what is available
 * (each row's maximum is the available volume minus the lot's other rows; the message shows Max), a
 * delivery date no earlier than the lot's earliest date for that type.
 */
export function lotMaterialProblems(
  materials: readonly StructureMaterial[],
  context: { available: number; materialTypes: MaterialType[]; minDate: (type: string) => string },
): StructureProblem[] {
  const problems: StructureProblem[] = [];
  const total = sumVolume(materials);
  const rowMax = (material: StructureMaterial) => Math.max(0, Math.round((context.available - (total - material.volume)) * 1000) / 1000);
  // Over the limit, the rows to blame are those whose own volume breaks it: a row whose siblings alone already
  // exceed the available volume is not (it would read "Max: 0 m³" on a row nobody touched).
  const blamed = materials.filter((material) => Number.isFinite(material.volume) && material.volume > rowMax(material) && total - material.volume <= context.available);
  const overflowing = total > context.available ? (blamed.length ? blamed : materials.filter((material) => material.volume > 0)) : [];
  materials.forEach((material, index) => {
    problems.push(...materialRowProblems(material, context.minDate(material.type), context, [index], false));
    if (overflowing.includes(material)) problems.push({ path: [index, 'volume'], key: 'STRUCTURE.Errors.VolumeMax', params: { available: rowMax(material) } });
  });
  return problems;
}

/** A subproject with its approval lots and their materials: what the planned delivery lots are made from. */
export interface DeliverySource {
  subprojectId: number;
  subprojectTitle: string;
  lots: { unitId: number; title: string; wallNos: string[]; materials: Pick<StructureMaterial, 'deliveryDate'>[] }[];
}

export interface PlannedDeliveryLot {
  subprojectId: number;
  title: string;
  deliveryDate: string;
  groups: string;
  wallNos: string;
  unitIds: number[];
}

/**
 * One delivery per subproject and delivery date: it brings the approval lots with material on that date and
 * their walls. Ordered by date, then subproject.
 */
export function plannedDeliveryLots(sources: readonly DeliverySource[]): PlannedDeliveryLot[] {
  const result: PlannedDeliveryLot[] = [];
  for (const source of sources) {
    const dates = [...new Set(source.lots.flatMap((lot) => lot.materials.map((material) => material.deliveryDate)))].sort();
    for (const deliveryDate of dates) {
      const lots = source.lots.filter((lot) => lot.materials.some((material) => material.deliveryDate === deliveryDate));
      result.push({
        subprojectId: source.subprojectId,
        title: `${source.subprojectTitle} – ${deliveryDate}`,
        deliveryDate,
        groups: lots.map((lot) => lot.title).join(', '),
        wallNos: [...new Set(lots.flatMap((lot) => lot.wallNos))].join(','),
        unitIds: lots.map((lot) => lot.unitId),
      });
    }
  }
  return result.sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.subprojectId - b.subprojectId);
}

/** The delivery data overview (spec §3 Delivery structure) per subproject, approval lot and material. */
export interface DeliveryStructure {
  subProjectID: number;
  subProjectTitle: string;
  approvalLots: {
    approvalLotID: number;
    approvalLotTitle: string;
    stateKey: string;
    materials: StructureMaterial[];
    /** Earliest delivery date per material type for this lot. */
    minDate: Record<string, string>;
    /** Volume this lot may hold (350 minus the subproject's other lots). */
    available: number;
    /** The lot's version: a save names it and is refused (409) when the lot changed meanwhile. */
    version: number;
  }[];
}

/** Wall names are kept in the approval lot's data text as `WallNos=a,b,c`. */
export function parseWallNos(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((wall) => wall.trim())
    .filter(Boolean);
}

/**
 * Who changes the materials (delivery data) of approval lots: internal staff, and project members while the
 * project is open. The earliest-date and volume rules apply to everyone.
 */
export function canEditMaterials(context: Pick<UnitContext, 'role' | 'isInternal' | 'rootState'>): RuleResult {
  if (isClosedState(context.rootState)) return { allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' };
  if (context.isInternal || context.role) return { allowed: true };
  return { allowed: false, reason: 'DELIVERY.Errors.NotAMember' };
}

/** Where the delivery buttons of the project actions card show: on the root, by the project's features. */
interface DeliveryButtonContext {
  isRoot: boolean;
  rootState: string;
  features: readonly string[];
}

/** The delivery-dates button: CreateStructure, hidden while the root is in Structuring (spec §4). */
export function showsDeliveryDates(context: DeliveryButtonContext): boolean {
  return context.isRoot && context.features.includes('CreateStructure') && context.rootState !== 'Structuring';
}

/** The delivery overview button: DeliveryOverview. */
export function showsDeliveryOverview(context: DeliveryButtonContext): boolean {
  return context.isRoot && context.features.includes('DeliveryOverview');
}

/** Calendar week as the CCL schedule enters it: 2026-W07. */
export const DELIVERY_WEEK = /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/;

const scheduleText = (max: number) =>
  z
    .string({ error: MESSAGE.invalidType })
    .trim()
    .max(max, MESSAGE.tooLong)
    .refine((text) => !hasControlCharacters(text), MESSAGE.invalidCharacters);

/** One entry of the CCL delivery schedule list: features, delivery week and note of a drawing job. */
export const cclScheduleEntrySchema = z.strictObject({
  features: scheduleText(500).default(''),
  deliveryWeek: z.union([z.literal(''), z.string({ error: MESSAGE.invalidType }).regex(DELIVERY_WEEK, 'DELIVERY.Errors.InvalidWeek')]).default(''),
  note: scheduleText(2000).default(''),
});
export type CclScheduleEntryInput = z.output<typeof cclScheduleEntrySchema>;

export interface CclScheduleEntry extends CclScheduleEntryInput {
  id: number;
  projectUnitID: number;
  /** The drawing job. */
  title: string;
  /** Its subproject. */
  subTitle: string;
  custRef: string;
  stateKey: string;
  /** The entry's version (0 while nothing is stored); a save names it and is refused (409) when it changed meanwhile. */
  version: number;
}

/** Who may enter the CCL schedule: as for the questionnaire, members while the root is in Preparing, internal staff always. */
export function canEditCclSchedule(context: { isInternal: boolean; role: string | null; rootState: string }): boolean {
  return context.isInternal || (context.role !== null && context.rootState === 'Preparing');
}

/**
 * A delivery's title for reading: the stored title ends with its ISO date ("Klassentrakt – 2026-12-25"); shown, the
 * date is in the user's format ("Klassentrakt – 25.12.2026"). Titles without that ending stay as they are.
 */
export function readableLotTitle(title: string, deliveryDate: string, formatDate: (isoDay: string) => string): string {
  const day = deliveryDate.slice(0, 10);
  const ending = ` – ${day}`;
  return title.endsWith(ending) ? `${title.slice(0, -day.length)}${formatDate(day)}` : title;
}
