import type { StructureMaterial } from '../../../domain/structure';
import { formatDate, formatNumber } from '../../../domain/format';

export type { CclSchedule, DeliveryData, LotMaterialContext } from '../../../providers/methods/deliveries';

export { deliveryOverviewPath } from '../../../domain/routes';

/**
 * A problem at a material row: a domain problem (key and params, translated when shown) or a server message
 * (already translated `text`). `path` is relative to the rows: [row index, field].
 */
export interface MaterialRowProblem {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
  text?: string;
}

/** A dotted reference ('0.materials.2.volume') as a path with numbers where the parts are indexes. */
export function referencePath(reference: string | undefined): (string | number)[] {
  if (!reference) return [];
  return reference.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Rows compare equal when type, volume and date are the same in the same order. */
export function sameMaterials(a: readonly StructureMaterial[], b: readonly StructureMaterial[]): boolean {
  return a.length === b.length && a.every((row, index) => row.type === b[index].type && Object.is(row.volume, b[index].volume) && row.deliveryDate === b[index].deliveryDate);
}

/** A calendar date (yyyy-mm-dd) in the user's language, without a time-zone shift. */
export function formatIsoDate(date: string, locale: string | undefined): string {
  return formatDate(date, locale);
}

export function formatVolume(volume: number, locale: string | undefined): string {
  return formatNumber(volume, locale);
}
