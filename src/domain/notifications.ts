import { ACTION_EVENTS } from './webhooks';
import { actorRoles, findState, type TenantType, type WorkflowDefinition } from './workflow';

/** What the bell tells a person about: the same events the mails are made of. */
export const NOTIFICATION_KINDS = ['task-assigned', 'drawings-ready', 'order-confirmed', 'escalation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The bell shows the newest this many; the rest stays readable by marking all read. */
export const NOTIFICATIONS_PAGE_MAX = 50;
/** An order was placed: the project's buyers and its sales planner hear of it, the one who placed it included. */
export const ORDER_CONFIRMED_ROLES = ['purchaser', 'reviewer', 'salesPlanner'] as const;

export interface TransitionNotice {
  kind: NotificationKind;
  /** Members holding one of these roles (member role or pseudo role) are told. */
  roles: readonly string[];
  /** The person who made the change is told too. */
  includeActor: boolean;
}

/**
 * What a state change tells whom: a placed order is "order confirmed"; a new state with a task is "a task was
 * assigned" to the task's roles, or "drawings are ready" when the task is to review drawings. Nothing otherwise.
 */
export function transitionNotice(definition: WorkflowDefinition, unit: { type: string; stateKey: string }, tenantType: TenantType, action: string): TransitionNotice | null {
  if (ACTION_EVENTS[action] === 'order.placed') return { kind: 'order-confirmed', roles: ORDER_CONFIRMED_ROLES, includeActor: true };
  const task = findState(definition, unit.type, tenantType, unit.stateKey)?.task;
  if (!task) return null;
  return { kind: task.help === 'review-drawings' ? 'drawings-ready' : 'task-assigned', roles: task.roles, includeActor: false };
}

export interface NoticeCandidate {
  id: number;
  role: string | null;
  isInternal: boolean;
  isAdmin: boolean;
}

/** The members a notice reaches. */
export function noticeRecipients(notice: TransitionNotice, members: readonly NoticeCandidate[], actorId: number): number[] {
  return members.filter((member) => (notice.includeActor || member.id !== actorId) && actorRoles(member).some((role) => notice.roles.includes(role))).map((member) => member.id);
}

/** Is a notification of this kind also mailed? The profile's e-mail preferences (escalations by default). */
export function mailsNotification(preferences: readonly string[] | null | undefined, kind: NotificationKind): boolean {
  return (preferences ?? ['escalation']).includes(kind);
}
