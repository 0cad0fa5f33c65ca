/**
 * Issue #39: the material an imported lot starts with, from what its storey holds, and delivery dates that the
 * rules have overtaken since they were stored (a product type, a plant or preliminary days assigned later).
 */
import type { MaterialType, StructureMaterial } from './structure';

/** What a material type delivers: wall elements, floor (slab) elements, lintels; unknown types deliver nothing known. */
export type ElementKind = 'walls' | 'slabs' | 'lintels';

/**
 * The tenants' material keys (product types' material keys, questionnaire material sheets) by the elements they
 * deliver. A key not listed here is never proposed from a model's content (the import falls back to the usual type).
 */
export const ELEMENT_KIND_OF_MATERIAL: Readonly<Record<string, ElementKind>> = {
  planelemente: 'walls',
  elementen: 'walls',
  'wall-panels': 'walls',
  deckenelemente: 'slabs',
  stuerze: 'lintels',
  lateien: 'lintels',
};

/** What a storey (or group) of a model holds, as the structure import counts it. */
export interface LotContent {
  walls: number;
  slabs: number;
}

/**
 * The material type an imported lot starts with: walls → the tenant's wall-element type, only slabs → its
 * floor-element type; null when the content says nothing or the tenant offers no such type (the caller's usual type).
 */
export function materialTypeForContent(content: LotContent, types: readonly Pick<MaterialType, 'key'>[]): string | null {
  const kind: ElementKind | null = content.walls > 0 ? 'walls' : content.slabs > 0 ? 'slabs' : null;
  if (!kind) return null;
  return types.find((type) => ELEMENT_KIND_OF_MATERIAL[type.key] === kind)?.key ?? null;
}

/** A stored delivery date the rules have overtaken: earlier than the earliest date that applies now. */
export interface TooEarlyDate {
  /** The row of the lot's material list. */
  index: number;
  type: string;
  deliveryDate: string;
  /** The earliest allowed date now: what the one-click fix moves the row to. */
  earliestDate: string;
}

/** The rows of a lot whose date lies before the earliest date of their type (the materials save would refuse them). */
export function tooEarlyDates(materials: readonly StructureMaterial[], minDate: (type: string) => string): TooEarlyDate[] {
  return materials.flatMap((material, index) => {
    const earliestDate = minDate(material.type);
    return material.deliveryDate && material.deliveryDate < earliestDate ? [{ index, type: material.type, deliveryDate: material.deliveryDate, earliestDate }] : [];
  });
}

/** The lot's list with every overtaken date moved to its earliest date (the fix); other rows stay as they are. */
export function movedToEarliest(materials: readonly StructureMaterial[], minDate: (type: string) => string): StructureMaterial[] {
  return materials.map((material) => {
    const earliestDate = minDate(material.type);
    return material.deliveryDate && material.deliveryDate < earliestDate ? { ...material, deliveryDate: earliestDate } : material;
  });
}

/** The latest of the earliest dates a lot's fix moves to (what the button names). */
export function latestEarliestDate(dates: readonly TooEarlyDate[]): string | null {
  return dates.reduce<string | null>((latest, date) => (latest === null || date.earliestDate > latest ? date.earliestDate : latest), null);
}
