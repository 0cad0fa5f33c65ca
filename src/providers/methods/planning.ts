import type { PlanningData, PlanningRow } from '../../domain/assignments';
import { getJson, sendJson } from './request';

const PLANNING_API = '/api/planning';

/** The planning screen: product types, plants and order numbers of a root's units, saved in one call. */
export const planningMethods = {
  getPlanning: (rootId: number) => getJson<PlanningData>(`${PLANNING_API}/${rootId}`),
  /** Only the changed rows; answers the screen as it is now. */
  savePlanning: (rootId: number, rows: PlanningRow[]) => sendJson<PlanningData>(`${PLANNING_API}/${rootId}`, 'PUT', { rows }),
};
