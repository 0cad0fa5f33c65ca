import { useQuery } from '@tanstack/react-query';
import type { PlanningRow } from '../../../domain/assignments';
import { usePortalDataProvider } from '../../../providers/dataProvider';

export const planningQueryKey = (rootId: number) => ['planning', rootId] as const;

/** `GET /api/planning/{rootId}`: the units, product types and plants of the planning screen. */
export function usePlanning(rootId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: planningQueryKey(rootId),
    queryFn: () => dataProvider.getPlanning(rootId),
    retry: false,
  });
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
