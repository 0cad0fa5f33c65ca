import { useQuery } from '@tanstack/react-query';
import { fileExtension, isAllowedExtension, PROJECT_FILE_EXTENSIONS, PROJECT_FILE_MAX_BYTES } from '../../../domain/projectFiles';
import { usePortalDataProvider } from '../../../providers/dataProvider';

export const projectFilesQueryKey = (rootId: number, unitId: number) => ['project-files', rootId, unitId];

export function useProjectFiles(rootId: number, unitId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: projectFilesQueryKey(rootId, unitId),
    queryFn: () => dataProvider.getProjectFiles(rootId, unitId),
  });
}

export function useFileTree(rootId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['project-file-tree', rootId],
    queryFn: () => dataProvider.getFileTree(rootId),
    // The dialog shows the files as they are now, not as they were when it was last open.
    gcTime: 0,
  });
}

/** A translation key with its parameters, for messages the browser finds before sending anything. */
export interface LocalProblem {
  key: string;
  params: Record<string, unknown>;
}

/** The checks the server makes first (extension, size), so that a wrong file fails at once. */
export function localProblem(file: File): LocalProblem | null {
  if (!isAllowedExtension(file.name)) return { key: 'FILES.Upload.TypeNotAllowed', params: { name: file.name, types: PROJECT_FILE_EXTENSIONS.join(', ') } };
  if (file.size > PROJECT_FILE_MAX_BYTES) return { key: 'FILES.Upload.TooLarge', params: { name: file.name, max: `${PROJECT_FILE_MAX_BYTES / 1024 / 1024} MB` } };
  if (file.size === 0) return { key: 'FILES.Upload.Empty', params: { name: file.name, extension: fileExtension(file.name) } };
  return null;
}
