import { CreateButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { ExportMenuButton } from './ExportMenuButton';
import { ImportButton } from './ImportButton';

/** The administration list's toolbar: create, export (whole list, CSV or Excel) and import, for those allowed. */
export function BulkListActions({ create = true }: { create?: boolean }) {
  const resource = useResourceContext() ?? '';
  const { canAccess: canImport } = useCanAccess({ resource, action: 'import' });
  return (
    <TopToolbar>
      {create && <CreateButton />}
      <ExportMenuButton />
      {canImport && <ImportButton />}
    </TopToolbar>
  );
}
