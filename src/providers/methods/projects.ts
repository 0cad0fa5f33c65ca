import type { MemberRole, ProjectFeature, ProjectUnit, RuleResult, UnitType } from '../../domain/projectUnits';
import type { Task } from '../../domain/tasks';
import type { UnitAction } from '../../domain/workflow';
import { PROJECT_UNIT_STATES_API_RESOURCE } from '../../domain/resources';
import { API_BASE, getJson, sendJson } from './request';

/** `GET projects/{id}/context`: the unit with its path, the caller's role and what the rules allow. */
export interface UnitPageContext {
  unit: ProjectUnit;
  root: ProjectUnit;
  path: ProjectUnit[];
  role: MemberRole | null;
  isInternal: boolean;
  features: ProjectFeature[];
  infoSheetValid: boolean;
  tenant: { id: number; name: string; type: 'standard' | 'ccl'; hasLogo: boolean; features: string[] };
  allowedChildTypes: UnitType[];
  can: {
    create: Partial<Record<UnitType, RuleResult>>;
    edit: RuleResult;
    delete: RuleResult;
    /** May the user build the structure (structure page, finish action). */
    structure: RuleResult;
    /** May the user change delivery data (materials of approval lots). */
    materials: RuleResult;
    /** May the user mark deliveries of the delivery overview done. */
    confirmDeliveries: boolean;
    /** May the user assign product types, plants and order numbers (the planning screen). */
    assign: RuleResult;
    /** The viewer button: the unit's state shows it and an IFC model applies to the unit (its own or a parent's). */
    viewer?: boolean;
  };
  /** The caller's task on the unit and the action buttons of its state (from the workflow definition). */
  workflow: {
    task: { taskKey: string; help: string | null } | null;
    actions: UnitAction[];
    definitionVersion: number;
    /** The message that came with the transition into the current state (check-data message, requested changes). */
    message: { text: string; author: string; createdAt: string } | null;
  };
  journalAvailable: boolean;
}

/** The site address or contact as the API answers it: its fields and the version a save names. */
export type SiteRecord = Record<string, string> & { version: number };
export type SiteKind = 'address' | 'contact';
const siteUrl = (kind: SiteKind, id: number) => `${API_BASE}/${kind === 'address' ? 'addresses' : 'contacts'}/${id}`;
const STATES_API = `${API_BASE}/${PROJECT_UNIT_STATES_API_RESOURCE}`;

/** The body of a workflow transition (`PUT projectunitstates/{id}`) or of the CCL check-data call. */
export type TransitionRequest =
  | { call: 'ccl-check-data'; body: { unitID: number; rootUnitID: number; message?: string } }
  | { call: 'transition'; unitId: number; body: { projectUnitID: number; requirements: UnitAction['requirements']; action: string; version: number; message?: string } };

/** What is not CRUD about project units: the unit context, title checks, transitions, tools, site, tenant info. */
export const projectMethods = {
  getUnitContext: (unitId: number) => getJson<UnitPageContext>(`${API_BASE}/projects/${unitId}/context`),
  /** Whether no sibling of the type already has the title (`GET projects/{parent}/title-available`). */
  /** Whether a title is free among the parent's children of that type (`except`: the unit being edited). */
  isUnitTitleAvailable: async (parentId: number, type: UnitType, title: string, except?: number) =>
    (await getJson<{ available: boolean }>(`${API_BASE}/projects/${parentId}/title-available?${new URLSearchParams({ type, title, ...(except ? { except: String(except) } : {}) })}`)).available,
  /** A workflow transition of a unit (the order lot's PlaceOrder too); answers the new state. */
  applyTransition: (request: TransitionRequest) =>
    request.call === 'ccl-check-data'
      ? sendJson<{ stateKey: string }>(`${STATES_API}/ccl-check-data`, 'POST', request.body)
      : sendJson<{ stateKey: string }>(`${STATES_API}/${request.unitId}`, 'PUT', request.body),
  /** `POST project-tools/execute`: site address or contact through ProjectTools, reviewer change requests. */
  executeProjectTool: (name: string, data: Record<string, unknown>) => sendJson<unknown>('/api/project-tools/execute', 'POST', { name, data }),
  getSiteRecord: (kind: SiteKind, id: number) => getJson<SiteRecord>(siteUrl(kind, id)),
  saveSiteRecord: (kind: SiteKind, id: number, body: Record<string, unknown>) => sendJson<Record<string, string>>(siteUrl(kind, id), 'PUT', body),
  /** The tenant's information HTML (sanitised by the server). */
  getTenantInfo: (rootId: number) => getJson<{ html: string }>(`/api/tenant-infos/${rootId}`),
  /** The caller's task on a unit (`GET /api/tasks/{unitId}`). */
  getTask: (unitId: number) => getJson<Task>(`/api/tasks/${unitId}`),
};
