// The project files' API addresses, for the data provider of the first load (projectFiles.ts holds the rules, with zod).
export const projectFilesUrl = (rootId: number, unitId: number) => `/api/file/${rootId}/${unitId}`;
export const projectFileContentUrl = (rootId: number, unitId: number, fileId: number) => `/api/file/${rootId}/${unitId}/${fileId}/content`;
export const fileTreeUrl = (rootId: number) => `/api/file/projectFiles/${rootId}`;
export const zipDownloadUrl = (downloadId: string) => `/api/file/projectFiles/download/${encodeURIComponent(downloadId)}`;
