import type { ReactElement, ReactNode } from 'react';
import { BulkDeleteButton, Datagrid, List, Pagination, type Exporter, type SortPayload } from 'react-admin';
import { BulkEditButton } from '../../layout/bulk/BulkEditButton';
import { BulkListActions } from '../../layout/bulk/BulkListActions';
import { MASTER_PAGE_SIZES } from '../../domain/masterData';


/**
 * The list of one master-data resource: filters, sort, paging, CSV export and bulk delete. Deleting waits for the
 * server (pessimistic), so a refusal (409: still in use) shows its message and nothing disappears.
 */
export function MasterDataList({
  sort,
  filters,
  exporter,
  actions = <BulkListActions />,
  children,
}: {
  sort: SortPayload;
  filters: ReactElement[];
  exporter: Exporter | false;
  actions?: ReactElement;
  children: ReactNode;
}) {
  return (
    <List
      sort={sort}
      perPage={20}
      filters={filters}
      actions={actions}
      exporter={exporter}
      pagination={<Pagination rowsPerPageOptions={[...MASTER_PAGE_SIZES]} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<><BulkEditButton /><BulkDeleteButton mutationMode="pessimistic" /></>}>
        {children}
      </Datagrid>
    </List>
  );
}
