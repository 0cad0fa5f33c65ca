import type { CclScheduleEntry, CclScheduleEntryInput, DeliveryStructure } from '../../domain/deliveries';
import type { MaterialType, StructureMaterial, StructureRules } from '../../domain/structure';
import { getJson, sendJson } from './request';

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

const deliveryDataUrl = (rootId: number) => `/api/delivery-data/${rootId}`;
const materialsUrl = (unitId: number) => `/api/materials/${unitId}`;
const cclScheduleUrl = (rootId: number) => `/api/questionnaire/ccl-delivery-schedule/${rootId}`;

/** Delivery data (materials of approval lots) and the CCL delivery schedule. */
export const deliveryMethods = {
  getDeliveryData: (rootId: number) => getJson<DeliveryData>(deliveryDataUrl(rootId)),
  saveDeliveryData: (rootId: number, lots: { approvalLotID: number; version: number; materials: StructureMaterial[] }[]) => sendJson<DeliveryData>(deliveryDataUrl(rootId), 'POST', lots),
  async getLotMaterials(unitId: number): Promise<{ materials: StructureMaterial[]; context: LotMaterialContext }> {
    const [materials, context] = await Promise.all([getJson<StructureMaterial[]>(materialsUrl(unitId)), getJson<LotMaterialContext>(`${materialsUrl(unitId)}/context`)]);
    return { materials, context };
  },
  /** The lot's whole list, with the lot's version as read (`?version=`; 409 when the lot changed meanwhile). */
  saveLotMaterials: (unitId: number, version: number, materials: StructureMaterial[]) => sendJson<StructureMaterial[]>(`${materialsUrl(unitId)}?version=${version}`, 'POST', materials),
  getCclSchedule: (rootId: number) => getJson<CclSchedule>(cclScheduleUrl(rootId)),
  saveCclScheduleEntry: (rootId: number, unitId: number, entry: CclScheduleEntryInput & { version: number }) => sendJson<CclScheduleEntry>(`${cclScheduleUrl(rootId)}/${unitId}`, 'PUT', entry),
  /** The structure rules of a root (volume limits and material types for the material rows). */
  getStructureRules: async (rootId: number) => (await getJson<{ rules: StructureRules }>(`/api/structure/${rootId}`)).rules,
};
