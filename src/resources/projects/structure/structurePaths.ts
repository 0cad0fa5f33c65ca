import type { UnitAction } from '../../../domain/workflow';

/** The structure page of a root (under the app's basename). */
export const STRUCTURE_ROUTE = '/project/structure/:rootId';
export { structurePagePath } from '../../../domain/routes';
/** `?ifc={fileId}` on the structure page opens the import of that model at once (the files card's shortcut, issue #39). */
export const IFC_IMPORT_PARAM = 'ifc';

/** The guard a draft fulfils by itself (it holds the subprojects to create). */
export const NEEDS_STRUCTURE_HINT = 'WORKFLOW.Guards.needs-structure';

/** A transition that creates the structure from the draft is finished on the structure page (on a root). */
export function opensStructurePage(action: Pick<UnitAction, 'buildsStructure'>, isRoot: boolean): boolean {
  return isRoot && action.buildsStructure;
}

/** The action as the structure page and the tasks card show it: the needs-structure hint does not block there. */
export function withoutStructureGuard<A extends Pick<UnitAction, 'disabledReason'>>(action: A): A {
  return action.disabledReason === NEEDS_STRUCTURE_HINT ? { ...action, disabledReason: null } : action;
}
