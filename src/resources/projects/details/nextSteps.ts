import type { Task } from '../../../domain/tasks';
import type { ProjectUnit } from '../../../domain/projectUnits';
import { orderKindOf } from '../../../domain/orders';
import { orderProposalPath } from '../orders/orderQueries';
import { structurePagePath } from '../structure/structurePaths';
import { detailsPath } from './projectQueries';

/** How many tasks the "Next steps" card lists (the rest: My Tasks). */
export const NEXT_STEPS_MAX = 10;

/**
 * Where a task of the "Next steps" card is done, one click away (issue #39): the structure page for the project's
 * structuring, the order table (with the proposal from the model while it is empty) for an order lot's order, else
 * the unit's details page with its action buttons.
 */
export function nextStepPath(task: Pick<Task, 'taskKey' | 'projectUnitID' | 'rootProjectUnitID' | 'projectUnitType'>): string {
  const isRoot = task.projectUnitID === task.rootProjectUnitID;
  if (isRoot && task.taskKey === 'Structuring') return structurePagePath(task.rootProjectUnitID);
  const kind = orderKindOf(task.projectUnitType as ProjectUnit['projectUnitType']);
  if (kind && task.taskKey === 'PlaceOrder') return orderProposalPath(kind, task.rootProjectUnitID, task.projectUnitID);
  return detailsPath(task);
}

/** The approval lots whose overtaken dates the card lists for a unit: the root's, a subproject's, or the lot itself. */
export function tooEarlyLotFilter(unit: Pick<ProjectUnit, 'id' | 'projectUnitType' | 'rootProjectUnitID'>): Record<string, unknown> | null {
  if (unit.projectUnitType === 'project') return { rootProjectUnitID: unit.id, projectUnitType: 'approvallot' };
  if (unit.projectUnitType === 'subproject') return { parentProjectUnitID: unit.id, projectUnitType: 'approvallot' };
  return null;
}
