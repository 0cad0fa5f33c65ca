import type { WorkflowDefinition } from '../../domain/workflow';
import type { WorkflowCheck } from '../../domain/workflowChecks';
import { httpClient } from '../http';
type Positions = Record<string, { x: number; y: number }>;

export const WORKFLOW_EDITOR_PATH = '/workflow-editor';

export interface DraftRecord {
  version: number;
  revision: number;
  basedOn: number | null;
  comment: string;
  definition: WorkflowDefinition;
  layout: Record<string, Positions>;
  problems: string[];
  checks: WorkflowCheck[];
}

export interface VersionRow {
  version: number;
  status: 'draft' | 'published' | 'retired';
  comment: string;
  createdBy: string | null;
  updatedAt: string;
}

const base = '/api/workflow-definition';
const json = async <T>(url: string, options?: { method: string; body?: unknown }) =>
  (await httpClient(url, options ? { method: options.method, body: options.body === undefined ? undefined : JSON.stringify(options.body) } : {})).json as T;

export const workflowApi = {
  inForce: () => json<{ version: number; definition: WorkflowDefinition }>(base),
  versions: () => json<VersionRow[]>(`${base}/versions`),
  draft: (version: number) => json<DraftRecord>(`${base}/drafts/${version}`),
  createDraft: () => json<DraftRecord>(`${base}/drafts`, { method: 'POST', body: {} }),
  saveDraft: (version: number, body: { definition: WorkflowDefinition; layout: Record<string, Positions>; revision: number }) => json<DraftRecord>(`${base}/drafts/${version}`, { method: 'PUT', body }),
  deleteDraft: (version: number) => httpClient(`${base}/drafts/${version}`, { method: 'DELETE' }),
  impact: <T>(version: number) => json<T>(`${base}/drafts/${version}/impact`),
  publish: (version: number, body: unknown) => json<{ version: number }>(`${base}/drafts/${version}/publish`, { method: 'POST', body }),
};
