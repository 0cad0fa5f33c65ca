import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../../../providers/dataProvider';
import type { OrderProposalResult } from '../../../../providers/methods/orderProposal';

/** While the model is being read the proposal is asked for again this often. */
export const PROPOSAL_POLL_MS = 1000;

/** The proposal for a lot (its linked walls, or a storey's), asked for while the dialog is open. */
export function useOrderProposal(lotId: number, storeyId: number | null, enabled: boolean) {
  const dataProvider = usePortalDataProvider();
  return useQuery<OrderProposalResult>({
    queryKey: ['order-proposal', lotId, storeyId],
    queryFn: () => dataProvider.proposeOrderRows(lotId, storeyId),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PROPOSAL_POLL_MS : false),
  });
}
