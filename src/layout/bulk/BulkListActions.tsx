import { CreateButton, ExportButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { isBulkResource } from '../../domain/bulk/resources';
import { apiResource } from '../../providers/dataProvider';
import { ExportMenuButton } from './ExportMenuButton';
import { ImportButton } from './ImportButton';

/**
 * The administration list's toolbar: create, export and import. Lists with bulk administration export the whole
 * list from the server (CSV or Excel) and import; the others keep react-admin's export of what the list shows.
 */
export function BulkListActions({ create = true }: { create?: boolean }) {
  const resource = useResourceContext() ?? '';
  const bulk = isBulkResource(apiResource(resource));
  const { canAccess: canImport } = useCanAccess({ resource, action: 'import', enabled: bulk });
  return (
    <TopToolbar>
      {create && <CreateButton />}
      {bulk ? <ExportMenuButton /> : <ExportButton maxResults={1000} />}
      {bulk && canImport && <ImportButton />}
    </TopToolbar>
  );
}
