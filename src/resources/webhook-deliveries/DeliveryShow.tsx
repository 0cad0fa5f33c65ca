import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { Button, FunctionField, Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useLocale, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { DateField, NumberField } from '../../layout/LocalizedFields';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { DeliveryStatusField, EventTypeField } from './DeliveryList';
import { formatDateTime, formatNumber } from '../../domain/format';
import { WEBHOOK_DELIVERIES_RESOURCE } from '../../domain/resources';

interface Attempt {
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Sends the delivery again with the same webhook-id; offered once it is finished (succeeded or failed). */
function RedeliverButton() {
  const record = useRecordContext<{ id: number; status: string }>();
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const redeliver = async () => {
    setBusy(true);
    try {
      await dataProvider.redeliverWebhook(record.id);
      notify('WEBHOOKS.Redelivered', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label="WEBHOOKS.Redeliver" onClick={redeliver} disabled={busy || record.status === 'pending'} startIcon={<ReplayIcon />} />;
}

function AttemptLog() {
  const record = useRecordContext<{ attemptLog: Attempt[] }>();
  const translate = useTranslate();
  const locale = useLocale();
  if (!record?.attemptLog.length) return <>{translate('WEBHOOKS.NoAttempts')}</>;
  return (
    <Table size="small" data-testid="attempt-log">
      <TableHead>
        <TableRow>
          <TableCell>{translate('WEBHOOKS.Attempt.At')}</TableCell>
          <TableCell>{translate('WEBHOOKS.Attempt.Answer')}</TableCell>
          <TableCell align="right">{translate('WEBHOOKS.Attempt.Duration')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.attemptLog.map((attempt) => (
          <TableRow key={attempt.attemptedAt}>
            <TableCell>{formatDateTime(attempt.attemptedAt, locale)}</TableCell>
            <TableCell>{attempt.statusCode && attempt.statusCode < 300 ? `HTTP ${attempt.statusCode}` : (attempt.error ?? `HTTP ${attempt.statusCode}`)}</TableCell>
            <TableCell align="right">{`${formatNumber(attempt.durationMs, locale)} ms`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One delivery: the event, the idempotency id, every attempt and the payload; re-delivery from the toolbar. */
export function DeliveryShow() {
  return (
    <Show resource={WEBHOOK_DELIVERIES_RESOURCE} actions={<TopToolbar><RedeliverButton /></TopToolbar>}>
      <SimpleShowLayout>
        <FunctionField source="status" render={() => <DeliveryStatusField />} />
        <FunctionField source="eventType" render={() => <EventTypeField />} />
        <TextField source="webhookId" />
        <TextField source="endpointUrl" />
        <NumberField source="projectUnitID" />
        <DateField source="eventCreatedAt" showTime />
        <NumberField source="attempts" />
        <DateField source="nextAttemptAt" showTime emptyText="—" />
        <DateField source="deliveredAt" showTime emptyText="—" />
        <TextField source="lastError" emptyText="—" />
        <Labeled label="WEBHOOKS.Attempts">
          <AttemptLog />
        </Labeled>
        <FunctionField
          source="payload"
          render={(record: { payload: unknown }) => (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1, maxWidth: '100%', overflowX: 'auto' }}>
              {JSON.stringify(record.payload, null, 2)}
            </Box>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
