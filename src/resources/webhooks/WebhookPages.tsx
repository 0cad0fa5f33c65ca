import { Chip, Stack } from '@mui/material';
import { BooleanField, BooleanInput, Button, CreateButton, FunctionField, SearchInput, TextField, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { DateField } from '../../layout/LocalizedFields';
import { Link } from 'react-router-dom';
import DownloadIcon from '@mui/icons-material/Download';
import { webhookCreateSchema } from '../../domain/webhooks';
import { MasterDataCreate, MasterDataEdit } from '../master-data/MasterDataForm';
import { MasterDataList } from '../master-data/MasterDataList';
import { TenantReferenceField, tenantFilter } from '../master-data/tenantReference';
import { WebhookInputs } from './WebhookInputs';
import { WebhookSecret } from './WebhookSecret';
import { WEBHOOK_DELIVERIES_RESOURCE } from '../../domain/resources';

const filters = [<SearchInput key="q" source="q" alwaysOn />, tenantFilter, <BooleanInput key="enabled" source="enabled" />];

type EndpointRecord = RaRecord & { eventTypes: string[]; pendingCount: number; failedCount: number };

function EventTypeChips({ record }: { record: EndpointRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.eventTypes.map((type) => <Chip key={type} size="small" label={translate(`WEBHOOKS.Events.${type}`)} />)}
    </Stack>
  );
}

/** Failed deliveries link to the delivery list filtered to this endpoint. */
function DeliveryCounts({ record }: { record: EndpointRecord }) {
  const translate = useTranslate();
  const to = (status: string) => `/home/app/${WEBHOOK_DELIVERIES_RESOURCE}?filter=${encodeURIComponent(JSON.stringify({ endpointID: record.id, status }))}`;
  return (
    <Stack direction="row" spacing={0.5} onClick={(event) => event.stopPropagation()}>
      {record.pendingCount > 0 && <Chip size="small" color="warning" component={Link} to={to('pending')} clickable label={translate('WEBHOOKS.PendingCount', { smart_count: record.pendingCount })} />}
      {record.failedCount > 0 && <Chip size="small" color="error" component={Link} to={to('failed')} clickable label={translate('WEBHOOKS.FailedCount', { smart_count: record.failedCount })} />}
    </Stack>
  );
}

const ListActions = () => (
  <TopToolbar>
    <CreateButton />
    <Button label="WEBHOOKS.ExportOrders" href="/api/exports/orders.csv" component="a" startIcon={<DownloadIcon />} />
  </TopToolbar>
);

export function WebhookList() {
  return (
    <MasterDataList sort={{ field: 'id', order: 'ASC' }} filters={filters} actions={<ListActions />}>
      <TextField source="url" />
      <TextField source="description" />
      <TenantReferenceField source="tenantID" />
      <FunctionField source="eventTypes" sortable={false} render={(record: EndpointRecord) => <EventTypeChips record={record} />} />
      <BooleanField source="enabled" />
      <FunctionField label="WEBHOOKS.Deliveries" render={(record: EndpointRecord) => <DeliveryCounts record={record} />} />
      <DateField source="createdAt" />
    </MasterDataList>
  );
}

const defaults = { eventTypes: ['order.placed'], enabled: true, description: '' };

export const WebhookCreate = () => (
  <MasterDataCreate schema={webhookCreateSchema} defaultValues={defaults}>
    <WebhookInputs />
  </MasterDataCreate>
);

export const WebhookEdit = () => (
  <MasterDataEdit schema={webhookCreateSchema} aside={<WebhookSecret />}>
    <WebhookInputs edit />
  </MasterDataEdit>
);
