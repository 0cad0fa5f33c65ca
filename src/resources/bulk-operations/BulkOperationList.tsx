import { Datagrid, FunctionField, List, Pagination, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { DateField, NumberField } from '../../layout/LocalizedFields';
import { ExportListActions } from '../../layout/bulk/ExportListActions';
import { BULK_APP_RESOURCE as APP_RESOURCE_OF, BULK_RESOURCES } from '../../domain/bulk/resources';
import { BULK_OPERATIONS_RESOURCE } from '../../domain/resources';


const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={['import', 'update'].map((id) => ({ id, name: `BULK.Kind.${id}` }))} alwaysOn />,
  <SelectInput key="resource" source="resource" choices={BULK_RESOURCES.map((id) => ({ id, name: `resources.${APP_RESOURCE_OF[id]}.name` }))} alwaysOn />,
];

/** Every import and bulk change: who, when, which list and file, how many records. Read-only, newest first. */
export function BulkOperationList() {
  const translate = useTranslate();
  return (
    <List resource={BULK_OPERATIONS_RESOURCE} title="BULK.Operations.Menu" sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} actions={<ExportListActions />} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" showTime />
        <TextField source="userLogin" />
        <FunctionField source="kind" render={(record) => translate(`BULK.Kind.${record.kind}`)} />
        <FunctionField source="resource" render={(record) => translate(`resources.${APP_RESOURCE_OF[record.resource as keyof typeof APP_RESOURCE_OF] ?? record.resource}.name`, { smart_count: 2 })} />
        <TextField source="fileName" emptyText="—" />
        <NumberField source="created" />
        <NumberField source="updated" />
        <NumberField source="unchanged" />
      </Datagrid>
    </List>
  );
}
