import type { UnitAction } from '../../../domain/workflow';

/** The structure page of a root (under the app's basename). */
export const STRUCTURE_ROUTE = '/project/structure/:rootId';
export const structurePagePath = (rootId: number | string) => `/home/app/project/structure/${rootId}`;

/** The transitions that create the structure from the draft: on a root they are finished on the structure page. */
export const STRUCTURE_ACTIONS = ['StructuringFinished', 'PreparingComplete'] as const;
/** The guard a draft fulfils by itself (it holds the subprojects to create). */
export const NEEDS_STRUCTURE_HINT = 'WORKFLOW.Guards.needs-structure';

export function opensStructurePage(action: Pick<UnitAction, 'action' | 'call'>, isRoot: boolean): boolean {
  return isRoot && action.call === 'state-update' && (STRUCTURE_ACTIONS as readonly string[]).includes(action.action);
}

/** The action as the structure page and the tasks card show it: the needs-structure hint does not block there. */
export function withoutStructureGuard<A extends Pick<UnitAction, 'disabledReason'>>(action: A): A {
  return action.disabledReason === NEEDS_STRUCTURE_HINT ? { ...action, disabledReason: null } : action;
}
