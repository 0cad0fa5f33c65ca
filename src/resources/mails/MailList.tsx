import { Chip } from '@mui/material';
import { Datagrid, FunctionField, List, Pagination, SearchInput, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateField, NumberField } from '../../layout/LocalizedFields';

import { ExportListActions } from '../../layout/bulk/ExportListActions';
import { MAIL_RESOURCE } from '../../domain/resources';

const STATUS_COLOR = { queued: 'warning', sent: 'success', failed: 'error' } as const;

export function MailStatusField() {
  const record = useRecordContext<{ status: keyof typeof STATUS_COLOR }>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" color={STATUS_COLOR[record.status]} label={translate(`OUTBOX.Status.${record.status}`)} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={['queued', 'sent', 'failed'].map((id) => ({ id, name: `OUTBOX.Status.${id}` }))} />,
];

/** The mail outbox: every mail the portal queued or sent, newest first. */
export function MailList() {
  return (
    <List
      resource={MAIL_RESOURCE}
      title="MENU.Outbox"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      actions={<ExportListActions />}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <TextField source="kind" />
        <TextField source="recipient" />
        <TextField source="subject" />
        <FunctionField source="status" render={() => <MailStatusField />} />
        <NumberField source="attempts" />
      </Datagrid>
    </List>
  );
}
