import type { SessionUser } from './user';

/**
 * What the event stream (`GET /api/events`) tells a browser: a resource and the ids that changed, never their data;
 * the browser reads what it shows again through the normal, authorised routes.
 */
export interface LiveEvent {
  /** The change journal's id: the SSE event id, sent back as Last-Event-ID on a reconnect. */
  id: number;
  resource: LiveResource;
  kind: 'created' | 'updated' | 'deleted';
  /** Empty: too many to name (a bulk import) — the whole resource changed. */
  ids: number[];
  /** The project (root unit) the change belongs to. */
  root: number | null;
  /** Who changed it, where the screen shows "Changed by … at …". */
  actor: { id: number; name: string } | null;
  at: string;
}

/** Project data: heard only by those who may read the project (a member, or internal staff of its tenant). */
export const PROJECT_RESOURCES = ['projects', 'orders', 'materials', 'questionnaire', 'structure', 'files', 'members', 'journal', 'deliveries'] as const;
/** Heard by every signed-in user: the ids name nothing private, the routes decide what each may read. */
export const SHARED_RESOURCES = ['banner-notifications', 'workflow'] as const;
/** Heard only by the user they belong to. */
export const PERSONAL_RESOURCES = ['notifications'] as const;
export type LiveResource = (typeof PROJECT_RESOURCES)[number] | (typeof SHARED_RESOURCES)[number] | (typeof PERSONAL_RESOURCES)[number];

/** Open streams per user and server process; one more is refused (429). A browser holds at most six connections per host. */
export const MAX_STREAMS_PER_USER = 4;

/** A change as the journal holds it: whom it concerns. */
export interface ChangeAudience {
  resource: string;
  /** The project it belongs to, null for shared and personal resources. */
  root: number | null;
  /** Personal: the only user who hears it. */
  user: number | null;
}

/** What is known about a project for the rule below: its tenant and its members. */
export interface ProjectAudience {
  tenantId: number;
  memberIds: ReadonlySet<number>;
}

/**
 * May `user` hear of this change? The same reach as the project routes (server/lib/project-access.ts visibleUnits):
 * a member of the project, or internal staff of its tenant. A project change whose project is unknown (gone) is heard
 * by nobody; an unknown resource neither.
 */
export function mayHearChange(user: Pick<SessionUser, 'id' | 'isInternal' | 'tenantIds'>, change: ChangeAudience, project: ProjectAudience | undefined): boolean {
  if ((PERSONAL_RESOURCES as readonly string[]).includes(change.resource)) return change.user === user.id;
  if ((SHARED_RESOURCES as readonly string[]).includes(change.resource)) return true;
  if (!(PROJECT_RESOURCES as readonly string[]).includes(change.resource) || change.root === null || !project) return false;
  return project.memberIds.has(user.id) || (user.isInternal && user.tenantIds.includes(project.tenantId));
}
