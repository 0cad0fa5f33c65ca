import { Chip } from '@mui/material';
import { Datagrid, FunctionField, List, NumberInput, Pagination, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateField, NumberField } from '../../layout/LocalizedFields';
import { DELIVERY_STATUSES, EVENT_TYPES } from '../../domain/webhooks';
import { WEBHOOK_DELIVERIES_RESOURCE } from '../../domain/resources';

const STATUS_COLOR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

export function DeliveryStatusField() {
  const record = useRecordContext<{ status: keyof typeof STATUS_COLOR }>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" color={STATUS_COLOR[record.status]} label={translate(`WEBHOOKS.Status.${record.status}`)} data-testid="delivery-status" />;
}

export function EventTypeField() {
  const record = useRecordContext<{ eventType: string }>();
  const translate = useTranslate();
  return record ? <>{translate(`WEBHOOKS.Events.${record.eventType}`)}</> : null;
}

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn choices={DELIVERY_STATUSES.map((id) => ({ id, name: translate(`WEBHOOKS.Status.${id}`) }))} />,
    <SelectInput key="eventType" source="eventType" choices={EVENT_TYPES.map((id) => ({ id, name: translate(`WEBHOOKS.Events.${id}`) }))} />,
    <NumberInput key="endpointID" source="endpointID" />,
    <NumberInput key="projectUnitID" source="projectUnitID" />,
  ];
}

/** Every delivery of every endpoint, newest first: status, attempts, the receiver's last answer. */
export function DeliveryList() {
  return (
    <List resource={WEBHOOK_DELIVERIES_RESOURCE} sort={{ field: 'id', order: 'DESC' }} filters={useFilters()} exporter={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <FunctionField source="eventType" sortable={false} render={() => <EventTypeField />} />
        <NumberField source="projectUnitID" sortable={false} />
        <TextField source="endpointUrl" sortable={false} />
        <FunctionField source="status" render={() => <DeliveryStatusField />} />
        <NumberField source="attempts" />
        <NumberField source="lastStatusCode" sortable={false} emptyText="—" />
        <DateField source="deliveredAt" showTime sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
