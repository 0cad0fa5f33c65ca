import { useQuery } from '@tanstack/react-query';
import { decodeGeometry, VIEWER_POLL_MS, type ViewerFileRef, type ViewerGeometryMesh, type ViewerMessage, type ViewerReady, type ViewerStatus } from '../../domain/viewerModel';
import { messagesText } from '../../providers/http';

export const viewerPath = (rootId: number, unitId: number) => `/home/app/viewer/${rootId}/${unitId}/view`;
export const viewJsonUrl = (rootId: number, unitId: number) => `/api/view/${rootId}/${unitId}.json`;
export const viewStatusUrl = (rootId: number, unitId: number) => `/api/view/${rootId}/${unitId}/status`;

export type { ViewerReady } from '../../domain/viewerModel';
export type ViewerFile = ViewerFileRef;
/** A model's problem as the API sends it: the key with its parameters, and the text translated by the server. */
export type ShownMessage = Partial<ViewerMessage> & { text?: string };
const STATUS_POLL_MS = 2000;

/** What the viewer shows for a unit, from the answer's status code. */
export type ViewerData =
  | { status: 'ready'; view: ViewerReady }
  | { status: 'pending'; file: ViewerFile | null }
  | { status: 'failed'; file: ViewerFile | null; messages: ShownMessage[] }
  | { status: 'none' }
  | { status: 'notFound' };

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const messagesOf = (body: Record<string, unknown>) => (Array.isArray(body.messages) ? (body.messages as ShownMessage[]) : []);

/** Reads the model of a unit; 202 means the server is still reading the file, 422 that it could not. */
export async function fetchViewerData(rootId: number, unitId: number): Promise<ViewerData> {
  const response = await fetch(viewJsonUrl(rootId, unitId), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body = await readJson(response);
  const file = (body.file as ViewerFile | undefined) ?? null;
  if (response.status === 200) return { status: 'ready', view: body as unknown as ViewerReady };
  if (response.status === 202) return { status: 'pending', file };
  if (response.status === 422) return { status: 'failed', file, messages: messagesOf(body) };
  if (response.status === 404) return messagesOf(body).some((message) => message.key === 'VIEWER.NoModel') ? { status: 'none' } : { status: 'notFound' };
  throw new Error(messagesText(body) ?? `${response.status} ${response.statusText}`);
}

/** The model of a unit, asked again every second while the server is still reading it. */
export function useViewerData(rootId: number, unitId: number, enabled = true) {
  return useQuery({
    queryKey: ['viewer-model', rootId, unitId],
    queryFn: () => fetchViewerData(rootId, unitId),
    enabled: enabled && rootId > 0 && unitId > 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? VIEWER_POLL_MS : false),
  });
}

/** The wall meshes of a ready model; the URL carries the content hash, so one answer per URL is enough. */
export function useViewerGeometry(geometryUrl: string | null) {
  return useQuery({
    queryKey: ['viewer-geometry', geometryUrl],
    enabled: !!geometryUrl,
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
    structuralSharing: false,
    queryFn: async (): Promise<ViewerGeometryMesh[]> => {
      const response = await fetch(geometryUrl!, { credentials: 'same-origin' });
      // 202: the server lost the stored geometry and reads the model again; the retry asks once more.
      if (response.status !== 200) throw new Error(`${response.status} ${response.statusText}`);
      return decodeGeometry(await response.arrayBuffer());
    },
  });
}

/** The model status of a unit; `revision` changes when the unit's files change, so an upload is checked again. */
export function useModelStatus(rootId: number, unitId: number, revision: string, enabled = true) {
  return useQuery({
    queryKey: ['viewer-status', rootId, unitId, revision],
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<ViewerStatus> => {
      const response = await fetch(viewStatusUrl(rootId, unitId), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (!response.ok) return { status: 'none' };
      return (await response.json()) as ViewerStatus;
    },
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? STATUS_POLL_MS : false),
  });
}

/** The text of a model's problem: the server's translated text, else the key translated here. */
export function problemText(messages: readonly ShownMessage[] | undefined, translate: (key: string, options?: Record<string, unknown>) => string): string {
  return (messages ?? [])
    .map((message) => {
      if (message.text) return message.text;
      const params = { ...(message.params ?? {}) };
      if (typeof params.reason === 'string') params.reason = translate(params.reason, { _: params.reason });
      return message.key ? translate(message.key, { ...params, _: message.key }) : '';
    })
    .filter(Boolean)
    .join(' ');
}
