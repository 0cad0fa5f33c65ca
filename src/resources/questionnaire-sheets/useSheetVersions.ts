import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { SheetRow } from './sheets';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

/** Every version of every sheet (or of one name), newest first within a name: a few dozen rows, read in one call. */
export function useSheetVersions(name?: string) {
  return useGetList<SheetRow>(QUESTIONNAIRE_SHEETS_RESOURCE, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'version', order: 'DESC' },
    filter: name ? { name } : {},
  });
}

/** The sheet names, for the list's filter and the diff page. */
export function useSheetNames(): { names: string[]; isPending: boolean } {
  const { data, isPending } = useSheetVersions();
  const names = useMemo(() => [...new Set((data ?? []).map((row) => row.name))].sort(), [data]);
  return { names, isPending };
}
