import type { DownloadRequestItem, FileTreeNode, ProjectFile } from '../../domain/projectFiles';
import { fileTreeUrl, projectFilesUrl } from '../../domain/projectFileUrls';
import { getJson, sendForm, sendJson } from './request';

/** Project files of a unit, the root's file tree and the zip download request. */
export const fileMethods = {
  getProjectFiles: (rootId: number, unitId: number) => getJson<ProjectFile[]>(projectFilesUrl(rootId, unitId)),
  getFileTree: (rootId: number) => getJson<FileTreeNode[]>(fileTreeUrl(rootId)),
  /** A multipart upload of one file; answers the unit's files as they are now. */
  uploadProjectFile(rootId: number, unitId: number, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return sendForm<ProjectFile[]>(projectFilesUrl(rootId, unitId), form);
  },
  deleteProjectFile: async (rootId: number, unitId: number, fileId: number) => {
    await sendJson<unknown>(`${projectFilesUrl(rootId, unitId)}/${fileId}`, 'DELETE');
  },
  /** Asks for a zip of the chosen files; answers the download id (the browser then follows a plain link). */
  requestFilesZip: async (rootId: number, items: DownloadRequestItem[]) => (await sendJson<{ downloadID: string }>(fileTreeUrl(rootId), 'POST', items)).downloadID,
};
