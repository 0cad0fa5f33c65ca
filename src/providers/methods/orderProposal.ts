import { HttpError } from 'react-admin';
import type { OrderProposalAnswer, ProposalStorey } from '../../domain/orderProposal';
import { httpClient } from '../http';

/** What asking for a proposal can give besides an error: the rows, the model still being read, or a storey to choose. */
export type OrderProposalResult =
  | OrderProposalAnswer
  | { status: 'pending'; file: { id: number; name: string } }
  | { status: 'choose-storey'; message: string; storeys: ProposalStorey[] };

/** Custom methods of the data provider for the order tables' proposal from the model (issue #26). */
export interface OrderProposalMethods {
  /**
   * `GET /api/orders/{lotId}/proposal[?storey=]`: rows proposed from the IFC model for the lot's walls, or for
   * one storey's. A lot without linked walls answers with the storeys to choose from; other refusals throw.
   */
  proposeOrderRows(lotId: number, storeyId?: number | null): Promise<OrderProposalResult>;
}

export const orderProposalMethods: OrderProposalMethods = {
  async proposeOrderRows(lotId, storeyId) {
    const query = storeyId ? `?storey=${storeyId}` : '';
    try {
      return (await httpClient(`/api/orders/${lotId}/proposal${query}`)).json as OrderProposalResult;
    } catch (error) {
      const body = (error as HttpError).body as { messages?: { code?: string; text: string }[]; storeys?: ProposalStorey[] } | undefined;
      const noWalls = body?.messages?.find((message) => message.code === 'NoWalls');
      if (error instanceof HttpError && error.status === 422 && noWalls && body?.storeys) return { status: 'choose-storey', message: noWalls.text, storeys: body.storeys };
      throw error;
    }
  },
};
