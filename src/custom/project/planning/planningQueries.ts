import { useQuery } from '@tanstack/react-query';
import type { PlanningData, PlanningRow } from '../../../domain/assignments';
import { httpClient } from '../../../providers/http';

export const PLANNING_API = '/api/planning';

export const planningQueryKey = (rootId: number) => ['planning', rootId] as const;

/** `GET /api/planning/{rootId}`: the units, product types and plants of the planning screen. */
export function usePlanning(rootId: number) {
  return useQuery({
    queryKey: planningQueryKey(rootId),
    queryFn: async () => (await httpClient(`${PLANNING_API}/${rootId}`)).json as PlanningData,
    retry: false,
  });
}

/** `PUT /api/planning/{rootId}`: the changed rows in one call; answers the screen as it is now. */
export async function savePlanning(rootId: number, rows: PlanningRow[]): Promise<PlanningData> {
  return (await httpClient(`${PLANNING_API}/${rootId}`, { method: 'PUT', body: JSON.stringify({ rows }) })).json as PlanningData;
}

export interface ServerMessage {
  text: string;
  reference?: string;
}

export type RowField = 'projectUnitID' | 'productTypeID' | 'plantID' | 'orderNumber';

/**
 * Sorts a refused save's messages: those naming `rows.{i}.{field}` go to the row of the unit sent at index i,
 * the rest are shown above the table.
 */
export function placeMessages(messages: ServerMessage[], sent: Pick<PlanningRow, 'projectUnitID'>[]) {
  const rows: Record<number, Partial<Record<RowField, string>>> = {};
  const general: string[] = [];
  for (const message of messages) {
    const match = /^rows\.(\d+)\.(projectUnitID|productTypeID|plantID|orderNumber)$/.exec(message.reference ?? '');
    const unitId = match ? sent[Number(match[1])]?.projectUnitID : undefined;
    if (unitId === undefined) {
      general.push(message.text);
      continue;
    }
    const field = match![2] as RowField;
    rows[unitId] = { ...rows[unitId], [field]: message.text };
  }
  return { rows, general };
}
