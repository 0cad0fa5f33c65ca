import ViewStreamIcon from '@mui/icons-material/ViewStream';
import { Alert, AlertTitle, Box, Card, Stack, Typography } from '@mui/material';
import { HttpError, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { OrderPageHeader } from '../OrderPageHeader';
import { orderErrorText } from '../orderQueries';
import { LintelLegend } from './lintelColours';
import { LintelOrderTable } from './LintelOrderTable';
import { visibleReadOnlyDrafts } from './lintelRows';
import { LintelSummaryCard } from './LintelSummaryCard';
import { useLintelOrder } from './useLintelOrder';
import { positiveId } from '../../RootPageState';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { ProposalBar } from '../proposal/ProposalBar';
import { lintelValuesOfProposal } from '../proposal/proposalRows';
import type { LintelProposalRow } from '../../../../domain/orderProposal';
import { ChangedByNote } from '../../../../layout/live/ChangedByNote';

export const LINTEL_ORDER_ROUTE = '/project/lintel-order/:rootId/:unitId';


function NotAvailable({ error }: { error?: unknown }) {
  const translate = useTranslate();
  return (
    <Alert severity={error ? 'error' : 'info'} data-testid="order-unavailable">
      <AlertTitle>{translate(error ? 'ORDERS.LoadError' : 'ORDERS.NotFound')}</AlertTitle>
      {error ? orderErrorText(error) : null}
    </Alert>
  );
}

/**
 * home/app/project/lintel-order/{root}/{unit}: the lintels of a lintel order lot as a spreadsheet (thickness →
 * length → height → article), rows coloured by lintel type, the live summary with the small-volume warning,
 * and the place-order button of the lot's PlaceOrder task. Read-only without that task.
 */
export default function LintelOrderPage() {
  const translate = useTranslate();
  const params = useParams();
  const rootId = positiveId(params.rootId);
  const unitId = positiveId(params.unitId);
  const order = useLintelOrder(unitId ?? 0);
  const { data, error, isPending, products, editable, drafts, summary, unsaved } = order;
  const { requestDelete, confirmDialog } = useConfirmedDelete(order.remove, drafts);

  const status = error instanceof HttpError ? error.status : 0;
  const notFound = rootId === null || unitId === null || status === 404 || status === 422 || (data && (data.lot.kind !== 'lintel' || data.lot.rootProjectUnitID !== rootId));
  const rows = isPending || !data ? null : editable ? drafts : visibleReadOnlyDrafts(drafts);

  return (
    <Box sx={{ mt: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {notFound ? (
        <Stack spacing={2}>
          <Title title={translate('ORDERS.Lintel.Title')} />
          <Typography variant="h5" component="h1">
            {translate('ORDERS.Lintel.Title')}
          </Typography>
          <NotAvailable />
        </Stack>
      ) : (
        <OrderPageHeader titleKey="ORDERS.Lintel.Title" icon={<ViewStreamIcon color="primary" />} data={data} unsavedRows={unsaved} totals={summary} />
      )}
      {notFound ? null : error ? (
        <NotAvailable error={error} />
      ) : (
        <Stack spacing={2}>
          {editable && data && rows !== null && (
            <ProposalBar
              lotId={data.lot.projectUnitID}
              products={products}
              empty={data.items.length === 0 && !unsaved}
              unsavedCount={drafts.filter((draft) => draft.dirty).length}
              onTake={(proposed) => order.add(proposed.map((row) => lintelValuesOfProposal(row as LintelProposalRow)))}
              onSaveAll={order.saveAll}
            />
          )}
          <ChangedByNote change={order.lastChange} />
          <Card>
            <Stack direction={{ xs: 'column', lg: 'row' }} spacing={{ xs: 0.5, lg: 3 }} sx={{ px: 2, py: 1.25, justifyContent: 'space-between', alignItems: { lg: 'center' }, borderBottom: 1, borderColor: 'divider' }}>
              <LintelLegend />
              {editable && (
                <Typography variant="caption" color="text.secondary" sx={{ textAlign: { lg: 'right' } }} data-testid="order-keyboard-hint">
                  {translate('ORDERS.KeyboardHint')}
                </Typography>
              )}
            </Stack>
            {confirmDialog}
            <LintelOrderTable drafts={rows} editable={editable} products={products} onChange={order.change} onSave={order.save} onDelete={requestDelete} onRevert={order.revert} />
          </Card>
          {rows !== null && (editable || summary.lines.length > 0) && <LintelSummaryCard summary={summary} editable={editable} />}
        </Stack>
      )}
    </Box>
  );
}
