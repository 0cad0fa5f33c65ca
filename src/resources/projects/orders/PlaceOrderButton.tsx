import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { UnitAction } from '../../../domain/workflow';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { orderErrorText, useRefreshAfterOrder, type OrderLot } from './orderQueries';

export interface PlaceOrderButtonProps {
  lot: OrderLot;
  action: UnitAction;
  /** Changed rows or a filled-in new row wait to be saved or undone. */
  unsavedRows: boolean;
  /** The totals as they are when the dialog opens. */
  getTotals: () => { totalQty: number; totalPallets: number };
}

/** The lot's PlaceOrder transition behind a confirmation; afterwards the table reloads read-only. */
export function PlaceOrderButton({ lot, action, unsavedRows, getTotals }: PlaceOrderButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefreshAfterOrder();
  const [totals, setTotals] = useState<{ totalQty: number; totalPallets: number } | null>(null);
  const open = totals !== null;
  const setOpen = (value: boolean) => setTotals(value ? getTotals() : null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reason = unsavedRows ? 'ORDERS.SaveRowsFirst' : action.disabledReason;

  const submit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await dataProvider.placeOrder(lot, action);
      notify('ORDERS.Ordered', { type: 'success' });
      await refresh();
      setOpen(false);
    } catch (caught) {
      setError(orderErrorText(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const button = (
    <Button variant="contained" startIcon={<ShoppingCartCheckoutIcon />} disabled={!!reason} onClick={() => setOpen(true)} data-testid="place-order">
      {translate('ORDERS.PlaceOrder')}
    </Button>
  );
  return (
    <>
      {reason ? (
        <Tooltip title={translate(reason, { _: reason })}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {open && (
        <Dialog open onClose={submitting ? undefined : () => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="place-order-title">
          <DialogTitle id="place-order-title">{translate('ORDERS.PlaceOrderTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('ORDERS.PlaceOrderText', { title: lot.title, qty: totals.totalQty, pallets: totals.totalPallets })}</DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} role="alert">
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={submitting}>
              {translate('ra.action.cancel')}
            </Button>
            <Button variant="contained" onClick={submit} disabled={submitting} autoFocus data-testid="place-order-confirm">
              {translate('ORDERS.PlaceOrderConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
