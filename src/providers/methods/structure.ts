import type { IfcFileChoice, IfcStructure } from '../../domain/ifcStructure';
import type { StructureDraft, StructureRules } from '../../domain/structure';
import type { UnitAction } from '../../domain/workflow';
import { getJson, sendJson } from './request';

/** `GET /api/structure/{rootId}`: the draft to show and everything the page needs besides it. */
export interface StructurePageData {
  rootProjectUnitID: number;
  projectUnitNo: string;
  title: string;
  tenantType: 'standard' | 'ccl';
  secondLevelType: 'approvallot' | 'drawingjob';
  withMaterials: boolean;
  draft: StructureDraft;
  /** A saved draft, or the structure built from the project's existing units. */
  source: 'server' | 'units';
  version: number | null;
  updatedAt: string | null;
  rules: StructureRules;
  canEdit: boolean;
  editReason: string | null;
  finishAction: UnitAction | null;
}

export interface CreatedStructure {
  projectUnitID: number;
  rootProjectUnitID: number;
  stateKey: string;
  created: number[];
}

const structureUrl = (rootId: number) => `/api/structure/${rootId}`;

/** The structure page: its data, the draft on the server, the IFC suggestion and the creation of the units. */
export const structureMethods = {
  getStructure: (rootId: number) => getJson<StructurePageData>(structureUrl(rootId)),
  saveStructureDraft: (rootId: number, draft: StructureDraft, version: number | null) =>
    sendJson<{ version: number; updatedAt: string }>(`${structureUrl(rootId)}/draft`, 'PUT', { draft, version }),
  discardStructureDraft: async (rootId: number) => {
    await sendJson<unknown>(`${structureUrl(rootId)}/draft`, 'DELETE');
  },
  createStructure: (rootId: number, draft: StructureDraft) => sendJson<CreatedStructure>(`/api/tasks/create-project-structure/${rootId}`, 'POST', draft),
  getIfcFiles: (rootId: number) => getJson<IfcFileChoice[]>(`${structureUrl(rootId)}/ifcfiles`),
  readIfcStructure: (rootId: number, fileId: number) => getJson<IfcStructure>(`/api/file/${rootId}/${fileId}/ifcstructure`),
};
