import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { HttpError } from 'react-admin';
import type { OrderKind } from '../../../domain/orders';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import type { AacOrderData, LintelOrderData } from '../../../providers/methods/orders';
import { refreshTasks } from '../details/projectQueries';
import { PROJECTS_RESOURCE } from '../../../domain/resources';

/** The order screen of a lot: /home/app/project/aac-order/{root}/{unit} or …/lintel-order/…. */
export const orderPagePath = (kind: OrderKind, rootId: number, unitId: number) => `/home/app/project/${kind}-order/${rootId}/${unitId}`;
/** `?propose=1`: an empty table opens with the proposal from the model (the "Next steps" link of an order task, issue #39). */
export const PROPOSE_PARAM = 'propose';
export const orderProposalPath = (kind: OrderKind, rootId: number, unitId: number) => `${orderPagePath(kind, rootId, unitId)}?${PROPOSE_PARAM}=1`;

export type { AacOrderData, LintelOrderData, OrderData, OrderItemInput, OrderLot } from '../../../providers/methods/orders';

/** One message of the API's error body: `text` is already translated, `reference` names the field. */
export interface OrderMessage {
  text: string;
  key?: string;
  reference?: string;
  code?: string;
}

/** The messages of a failed call (a network failure becomes one message without reference). */
export function orderMessages(error: unknown): OrderMessage[] {
  const messages = ((error as HttpError)?.body as { messages?: OrderMessage[] } | undefined)?.messages;
  if (Array.isArray(messages) && messages.length) return messages;
  return [{ text: (error as Error)?.message || 'ERRORMESSAGES.Unknown' }];
}

/** 409: someone else changed or deleted the row meanwhile; nothing was overwritten, the table must be reloaded. */
export { isConflict } from '../../../providers/conflict';

/** The messages of a failed call as one text, one message per line. */
export const orderErrorText = (error: unknown) =>
  orderMessages(error)
    .map((message) => message.text)
    .join('\n');

/** Field messages of a 400 by field name (the first per field); messages without reference under ''. */
export function fieldMessages(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const message of orderMessages(error)) {
    const field = message.reference ?? '';
    fields[field] = fields[field] ? `${fields[field]}\n${message.text}` : message.text;
  }
  return fields;
}

export const orderQueryKey = (lotId: number) => ['order', lotId] as const;

/** The order screen's data; `reload` reads it again (after a save, a delete, a conflict or placing the order). */
export function useOrder<Data extends AacOrderData | LintelOrderData>(lotId: number) {
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const query = useQuery({
    queryKey: orderQueryKey(lotId),
    queryFn: () => dataProvider.getOrder<Data>(lotId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: orderQueryKey(lotId) }), [queryClient, lotId]);
  return { ...query, reload };
}

/** After placing the order: the lot's details page, tasks and dashboard show the new state. */
export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [['order'], [PROJECTS_RESOURCE], ['dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })).concat(refreshTasks(queryClient)),
      ),
    [queryClient],
  );
}
