import type { ReactElement, ReactNode } from 'react';
import { BulkDeleteButton, Datagrid, List, Pagination, type SortPayload } from 'react-admin';
import { BulkEditButton } from '../../layout/bulk/BulkEditButton';
import { BulkListActions } from '../../layout/bulk/BulkListActions';
import { MASTER_PAGE_SIZES } from '../../domain/masterData';


/**
 * The list of one master-data resource: filters, sort, paging, the server's whole-list export (CSV or Excel) and bulk edit and delete. Deleting waits for the
 * server (pessimistic), so a refusal (409: still in use) shows its message and nothing disappears.
 */
export function MasterDataList({
  sort,
  filters,
  actions = <BulkListActions />,
  children,
}: {
  sort: SortPayload;
  filters: ReactElement[];
  actions?: ReactElement;
  children: ReactNode;
}) {
  return (
    <List
      sort={sort}
      perPage={20}
      filters={filters}
      actions={actions}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={[...MASTER_PAGE_SIZES]} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<><BulkEditButton /><BulkDeleteButton mutationMode="pessimistic" /></>}>
        {children}
      </Datagrid>
    </List>
  );
}
