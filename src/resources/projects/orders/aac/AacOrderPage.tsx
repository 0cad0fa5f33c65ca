import GridOnIcon from '@mui/icons-material/GridOn';
import { Alert, Box, Card, Stack } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { OrderPageHeader } from '../OrderPageHeader';
import { orderErrorText } from '../orderQueries';
import { SmallVolumeAlert } from '../SmallVolumeAlert';
import { AacOrderTable } from './AacOrderTable';
import { AacSummaryCard } from './AacSummaryCard';
import { useAacOrder } from './useAacOrder';
import { positiveId } from '../../RootPageState';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { ProposalBar } from '../proposal/ProposalBar';
import { aacValuesOfProposal } from '../proposal/proposalRows';
import type { AacProposalRow } from '../../../../domain/orderProposal';
import { ChangedByNote } from '../../../../layout/live/ChangedByNote';

export const AAC_ORDER_ROUTE = '/project/aac-order/:rootId/:unitId';

/** One element for the page's lifetime, so the memoised header does not render again for it. */
const AAC_ICON = <GridOnIcon color="primary" />;


/**
 * home/app/project/aac-order/{root}/{unit}: the AAC order lot as a spreadsheet — rows entered with the
 * keyboard, saved one by one, a live total with the small-volume rule, and the place-order button.
 */
export default function AacOrderPage() {
  const translate = useTranslate();
  const params = useParams();
  const rootId = positiveId(params.rootId);
  const unitId = positiveId(params.unitId);
  const order = useAacOrder(unitId ?? 0);
  const { data, error, isPending, summary, drafts } = order;
  const { requestDelete, confirmDialog } = useConfirmedDelete(order.remove, drafts);

  const notFound = rootId === null || unitId === null || (error instanceof HttpError && error.status === 404) || (data && data.lot.rootProjectUnitID !== rootId);
  const wrongKind = data && data.lot.kind !== 'aac';
  if (notFound || wrongKind || error)
    return (
      <Box sx={{ mt: 1 }}>
        <OrderPageHeader titleKey="ORDERS.AacTitle" icon={AAC_ICON} unsavedRows={false} totals={summary} />
        <Alert severity={notFound ? 'warning' : 'error'} data-testid="order-unavailable" sx={{ whiteSpace: 'pre-line' }}>
          {notFound ? translate('ORDERS.NotFound') : wrongKind ? translate('ORDERS.Errors.NotAnOrderLot', { _: translate('ORDERS.LoadError') }) : error instanceof HttpError && error.status === 422 ? orderErrorText(error) : translate('ORDERS.LoadError')}
        </Alert>
      </Box>
    );

  // The table and its total wait for the rows to be built from the loaded items.
  const loading = isPending || !data || (data.editable && drafts.length === 0);
  return (
    <Box sx={{ mt: 1 }}>
      <OrderPageHeader titleKey="ORDERS.AacTitle" icon={AAC_ICON} data={data} unsavedRows={order.unsaved} totals={summary} />
      {confirmDialog}
      <Stack spacing={2}>
        {order.editable && !loading && (
          <ProposalBar
            lotId={data.lot.projectUnitID}
            products={order.products}
            empty={data.items.length === 0 && !order.unsaved}
            unsavedCount={drafts.filter((draft) => draft.dirty).length}
            onTake={(rows) => order.add(rows.map((row) => aacValuesOfProposal(row as AacProposalRow)))}
            onSaveAll={order.saveAll}
          />
        )}
        <ChangedByNote change={order.lastChange} />
        <Card>
          <AacOrderTable
            loading={loading}
            editable={order.editable}
            drafts={drafts}
            items={data?.items ?? []}
            products={order.products}
            onChange={order.change}
            onSave={order.save}
            onDelete={requestDelete}
            onRevert={order.revert}
          />
        </Card>
        {!loading && summary.lines.length > 0 && (
          <>
            <SmallVolumeAlert totalPallets={summary.totalPallets} editable={order.editable} />
            <AacSummaryCard summary={summary} />
          </>
        )}
      </Stack>
    </Box>
  );
}
