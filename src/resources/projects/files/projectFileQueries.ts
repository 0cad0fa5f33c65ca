import { useQuery } from '@tanstack/react-query';
import {
  fileExtension,
  fileTreeUrl,
  isAllowedExtension,
  PROJECT_FILE_EXTENSIONS,
  PROJECT_FILE_MAX_BYTES,
  projectFilesUrl,
  type DownloadRequestItem,
  type FileTreeNode,
  type ProjectFile,
} from '../../../domain/projectFiles';
import { httpClient } from '../../../providers/http';

export const projectFilesQueryKey = (rootId: number, unitId: number) => ['project-files', rootId, unitId];

export function useProjectFiles(rootId: number, unitId: number) {
  return useQuery({
    queryKey: projectFilesQueryKey(rootId, unitId),
    queryFn: async () => (await httpClient(projectFilesUrl(rootId, unitId))).json as ProjectFile[],
  });
}

export function useFileTree(rootId: number) {
  return useQuery({
    queryKey: ['project-file-tree', rootId],
    queryFn: async () => (await httpClient(fileTreeUrl(rootId))).json as FileTreeNode[],
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

export async function uploadFile(rootId: number, unitId: number, file: File): Promise<ProjectFile[]> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await httpClient(projectFilesUrl(rootId, unitId), { method: 'POST', body: form })).json as ProjectFile[];
}

export async function deleteFile(rootId: number, unitId: number, fileId: number): Promise<void> {
  await httpClient(`${projectFilesUrl(rootId, unitId)}/${fileId}`, { method: 'DELETE' });
}

export async function requestZip(rootId: number, items: DownloadRequestItem[]): Promise<string> {
  const response = await httpClient(fileTreeUrl(rootId), { method: 'POST', body: JSON.stringify(items) });
  return (response.json as { downloadID: string }).downloadID;
}
