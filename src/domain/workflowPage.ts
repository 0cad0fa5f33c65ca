import { formatDate } from './format';
/**
 * The Workflows page (home/app/project/workflows): new delivery data of approval lots and the open
 * escalations, both for the provider's staff only (`workflowAvailable`), read by the app and served by the API.
 */

/** The page's two resources (declared in ./resources with the others; the server's routes read them here). */
export { WORKFLOW_NOTIFICATIONS_RESOURCE, WORKFLOW_ROWS_RESOURCE } from './resources';

/** One material of an approval lot's delivery data. `deliveryDate` is a calendar day (YYYY-MM-DD). */
export interface MaterialDelivery {
  type: string;
  volume: number;
  deliveryDate: string;
}

/** A row of the notifications table (spec: Notification). */
export interface WorkflowNotification {
  id: number;
  rootNo: string;
  root: string;
  /** The approval lot's parent (subproject) title; '' when the lot hangs directly under the root. */
  subProject: string;
  approvalLot: string;
  createdOn: string;
  /** Who entered the data ('' when unknown). */
  username: string;
  materialData: MaterialDelivery[];
  rootProjectUnitID: number;
  projectUnitID: number;
}

/** A row of the workflow table (spec: Workflow row): a unit still overrunning an escalation rule in its state. */
export interface WorkflowRow {
  id: number;
  projectUnitNo: string;
  title: string;
  stateKey: string;
  ruleKey: string;
  /** The rule's text in the caller's language ('' when the definition in force no longer has the rule). */
  ruleText: string;
  createdOn: string;
  rootProjectUnitID: number;
  projectUnitID: number;
}

/** Keeps only well-formed materials of a stored `materialData` value (it is JSON written by other code). */
export function materialsOf(value: unknown): MaterialDelivery[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const { type, volume, deliveryDate } = entry as Record<string, unknown>;
    const amount = typeof volume === 'number' ? volume : Number(volume);
    return [{ type: typeof type === 'string' ? type : '', volume: Number.isFinite(amount) ? amount : 0, deliveryDate: typeof deliveryDate === 'string' ? deliveryDate : '' }];
  });
}

/** A delivery day (YYYY-MM-DD) in the interface language; anything else as it came. */
export function formatDay(day: string, locale: string): string {
  return formatDate(day, locale);
}
