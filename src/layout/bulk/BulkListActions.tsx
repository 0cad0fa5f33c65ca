import { CreateButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { isBulkResource } from '../../domain/bulk/resources';
import { apiResource } from '../../providers/dataProvider';
import { ExportMenuButton } from './ExportMenuButton';
import { ImportButton } from './ImportButton';

/**
 * The administration list's toolbar: create, export and import. Every administration list exports the whole list
 * from the server (CSV or Excel, no cap); lists with bulk administration also import.
 */
export function BulkListActions({ create = true }: { create?: boolean }) {
  const resource = useResourceContext() ?? '';
  const bulk = isBulkResource(apiResource(resource));
  const { canAccess: canImport } = useCanAccess({ resource, action: 'import', enabled: bulk });
  return (
    <TopToolbar>
      {create && <CreateButton />}
      <ExportMenuButton />
      {bulk && canImport && <ImportButton />}
    </TopToolbar>
  );
}
