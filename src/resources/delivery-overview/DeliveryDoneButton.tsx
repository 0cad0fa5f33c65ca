import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { canMarkDone, DELIVERY_TYPE, readableLotTitle, type DeliveryLotRecord } from '../../domain/deliveries';
import { serverMessages } from '../../components/ServerMessages';
import { formatIsoDate } from '../projects/deliveries/deliveryQueries';
import { DELIVERY_OVERVIEW_RESOURCE } from '../../domain/resources';

/** The done button shows for OnCall and Planned lots, to users who confirm deliveries. */
export function showsDoneButton(record: Pick<DeliveryLotRecord, 'deliveryType'>, canConfirm: boolean): boolean {
  return canConfirm && canMarkDone(record.deliveryType);
}

/** Done: a yes/no question (350 px), then the lot is set to Fixed and a success toast follows. */
export function DeliveryDoneButton({ canConfirm }: { canConfirm: boolean }) {
  const record = useRecordContext<DeliveryLotRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [asking, setAsking] = useState(false);
  const [update, { isPending }] = useUpdate<DeliveryLotRecord>();
  if (!record || !showsDoneButton(record, canConfirm)) return null;

  const confirm = () => {
    if (isPending) return;
    // No previousData: the whole body (lot id, type Fixed, version) is sent, not only what changed.
    update(
      DELIVERY_OVERVIEW_RESOURCE,
      { id: record.id, data: { deliveryLotID: record.deliveryLotID, deliveryType: DELIVERY_TYPE.Fixed, version: record.version } },
      {
        onSuccess: () => {
          setAsking(false);
          notify('DELIVERY.ConfirmDeliverySuccess', { type: 'success', messageArgs: { title: readableLotTitle(record.title, record.deliveryDate, (day) => formatIsoDate(day, locale)) } });
        },
        onError: (error) => {
          setAsking(false);
          notify(serverMessages(error).map((message) => message.text).join(' '), { type: 'error' });
          refresh();
        },
      },
    );
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="success"
        startIcon={<TaskAltIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
        data-testid="delivery-done"
      >
        {translate('DELIVERY.Done')}
      </Button>
      <Dialog
        open={asking}
        onClose={isPending ? undefined : () => setAsking(false)}
        onClick={(event) => event.stopPropagation()}
        fullWidth
        maxWidth={false}
        slotProps={{ paper: { sx: { maxWidth: 350 } } }}
        aria-labelledby={`delivery-done-title-${record.id}`}
      >
        <DialogTitle id={`delivery-done-title-${record.id}`}>{translate('DELIVERY.ConfirmDeliveryTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('DELIVERY.ConfirmDeliveryQuestion', { title: record.title, date: formatIsoDate(record.deliveryDate.slice(0, 10), locale) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={isPending}>
            {translate('DELIVERY.No')}
          </Button>
          <Button variant="contained" color="success" onClick={confirm} disabled={isPending} autoFocus data-testid="delivery-done-yes">
            {isPending && <CircularProgress size={16} color="inherit" sx={{ mr: 1 }} />}
            {translate('DELIVERY.Yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
