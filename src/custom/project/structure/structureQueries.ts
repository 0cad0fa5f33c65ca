import { useQuery } from '@tanstack/react-query';
import type { IfcStructure } from '../../../domain/ifcStructure';
import type { StructureDraft, StructureRules } from '../../../domain/structure';
import type { UnitAction } from '../../../domain/workflow';
import { httpClient } from '../../../providers/http';

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

/** A message of the API's error shape. */
export interface ApiFieldMessage {
  text: string;
  key?: string;
  reference?: string;
}

const structureUrl = (rootId: number) => `/api/structure/${rootId}`;

export const structureQueryKey = (rootId: number) => ['structure', rootId];

export function useStructure(rootId: number) {
  return useQuery({
    queryKey: structureQueryKey(rootId),
    queryFn: async () => (await httpClient(structureUrl(rootId))).json as StructurePageData,
    enabled: rootId > 0,
    retry: false,
    // The page works on its own copy of the draft; a refetch in the background would not be shown anyway.
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export async function saveDraft(rootId: number, draft: StructureDraft, version: number | null): Promise<{ version: number; updatedAt: string }> {
  return (await httpClient(`${structureUrl(rootId)}/draft`, { method: 'PUT', body: JSON.stringify({ draft, version }) })).json as { version: number; updatedAt: string };
}

export async function discardDraft(rootId: number): Promise<void> {
  await httpClient(`${structureUrl(rootId)}/draft`, { method: 'DELETE' });
}

export async function createStructure(rootId: number, draft: StructureDraft): Promise<CreatedStructure> {
  return (await httpClient(`/api/tasks/create-project-structure/${rootId}`, { method: 'POST', body: JSON.stringify(draft) })).json as CreatedStructure;
}

export async function readIfcStructure(rootId: number, fileId: number): Promise<IfcStructure> {
  return (await httpClient(`/api/file/${rootId}/${fileId}/ifcstructure`)).json as IfcStructure;
}

/** The messages of a failed call (the API's error shape), or none. */
export function errorMessages(error: unknown): ApiFieldMessage[] {
  const messages = (error as { body?: { messages?: unknown } }).body?.messages;
  return Array.isArray(messages) ? (messages as ApiFieldMessage[]) : [];
}

export function errorStatus(error: unknown): number | undefined {
  return (error as { status?: number }).status;
}
