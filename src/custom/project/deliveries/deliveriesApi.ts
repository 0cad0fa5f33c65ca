import type { HttpError } from 'react-admin';
import type { CclScheduleEntry, DeliveryStructure } from '../../../domain/deliveries';
import type { MaterialType, StructureMaterial, StructureRules } from '../../../domain/structure';
import { httpClient } from '../../../providers/http';

export const DELIVERY_OVERVIEW_RESOURCE = 'delivery-overview';
export const deliveryOverviewPath = (rootId: number) => `/home/app/project/delivery-overview/${rootId}`;

/** `GET /api/delivery-data/{rootId}`: the delivery data overview of a root. */
export interface DeliveryData {
  canEdit: boolean;
  editReason: string | null;
  materialTypes: MaterialType[];
  subProjects: DeliveryStructure[];
}

/** `GET /api/materials/{unitId}/context`: what the rows of one approval lot may hold. */
export interface LotMaterialContext {
  available: number;
  materialTypes: MaterialType[];
  minDate: Record<string, string>;
  canEdit: boolean;
  editReason: string | null;
  /** The lot's version: a save names it (409 when the lot changed meanwhile). */
  version: number;
}

export interface CclSchedule {
  canEdit: boolean;
  entries: CclScheduleEntry[];
}

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

/** One message of the API's error body. */
export interface ServerMessage {
  text: string;
  reference?: string;
  key?: string;
}

/** The messages of a failed call (a network failure becomes one message without reference). */
export function serverMessages(error: unknown): ServerMessage[] {
  const messages = ((error as HttpError)?.body as { messages?: ServerMessage[] } | undefined)?.messages;
  if (Array.isArray(messages) && messages.length) return messages;
  return [{ text: (error as Error)?.message || 'ERRORMESSAGES.Unknown' }];
}

/** A dotted reference ('0.materials.2.volume') as a path with numbers where the parts are indexes. */
export function referencePath(reference: string | undefined): (string | number)[] {
  if (!reference) return [];
  return reference.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export const deliveryDataUrl = (rootId: number) => `/api/delivery-data/${rootId}`;
export const materialsUrl = (unitId: number) => `/api/materials/${unitId}`;
export const cclScheduleUrl = (rootId: number) => `/api/questionnaire/ccl-delivery-schedule/${rootId}`;

export async function fetchDeliveryData(rootId: number): Promise<DeliveryData> {
  return (await httpClient(deliveryDataUrl(rootId))).json as DeliveryData;
}

export async function saveDeliveryData(rootId: number, lots: { approvalLotID: number; version: number; materials: StructureMaterial[] }[]): Promise<DeliveryData> {
  return (await httpClient(deliveryDataUrl(rootId), { method: 'POST', body: JSON.stringify(lots) })).json as DeliveryData;
}

export async function fetchLotMaterials(unitId: number): Promise<{ materials: StructureMaterial[]; context: LotMaterialContext }> {
  const [list, context] = await Promise.all([httpClient(materialsUrl(unitId)), httpClient(`${materialsUrl(unitId)}/context`)]);
  return { materials: list.json as StructureMaterial[], context: context.json as LotMaterialContext };
}

/** The lot's whole list, with the lot's version as read (`?version=`; 409 when the lot changed meanwhile). */
export async function saveLotMaterials(unitId: number, version: number, materials: StructureMaterial[]): Promise<StructureMaterial[]> {
  return (await httpClient(`${materialsUrl(unitId)}?version=${version}`, { method: 'POST', body: JSON.stringify(materials) })).json as StructureMaterial[];
}

export async function fetchStructureRules(rootId: number): Promise<StructureRules> {
  return ((await httpClient(`/api/structure/${rootId}`)).json as { rules: StructureRules }).rules;
}

/** Rows compare equal when type, volume and date are the same in the same order. */
export function sameMaterials(a: readonly StructureMaterial[], b: readonly StructureMaterial[]): boolean {
  return a.length === b.length && a.every((row, index) => row.type === b[index].type && Object.is(row.volume, b[index].volume) && row.deliveryDate === b[index].deliveryDate);
}

/** A calendar date (yyyy-mm-dd) in the user's language, without a time-zone shift. */
export function formatIsoDate(date: string, locale: string | undefined): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleDateString(locale, { timeZone: 'UTC', dateStyle: 'medium' });
}

export function formatVolume(volume: number, locale: string | undefined): string {
  return Number.isFinite(volume) ? volume.toLocaleString(locale, { maximumFractionDigits: 3 }) : '–';
}
