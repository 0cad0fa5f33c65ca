import type { ViewerFileRef, ViewerMessage, ViewerReady, ViewerStatus } from '../../domain/viewerModel';
import { messagesText } from '../http';

export type ViewerFile = ViewerFileRef;
/** A model's problem as the API sends it: the key with its parameters, and the text translated by the server. */
export type ShownMessage = Partial<ViewerMessage> & { text?: string };

/** What the viewer shows for a unit, from the answer's status code. */
export type ViewerData =
  | { status: 'ready'; view: ViewerReady }
  | { status: 'pending'; file: ViewerFile | null }
  | { status: 'failed'; file: ViewerFile | null; messages: ShownMessage[] }
  | { status: 'none' }
  | { status: 'notFound' };

const viewJsonUrl = (rootId: number, unitId: number) => `/api/view/${rootId}/${unitId}.json`;
const viewStatusUrl = (rootId: number, unitId: number) => `/api/view/${rootId}/${unitId}/status`;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const messagesOf = (body: Record<string, unknown>) => (Array.isArray(body.messages) ? (body.messages as ShownMessage[]) : []);

/**
 * The 3D viewer's calls. They read the status code themselves (202 while the server reads the model, 422 when it
 * could not, 404 with or without a model) and the geometry as binary, so they use `fetch` rather than fetchJson.
 */
export const viewerMethods = {
  async getViewerData(rootId: number, unitId: number): Promise<ViewerData> {
    const response = await fetch(viewJsonUrl(rootId, unitId), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const body = await readJson(response);
    const file = (body.file as ViewerFile | undefined) ?? null;
    if (response.status === 200) return { status: 'ready', view: body as unknown as ViewerReady };
    if (response.status === 202) return { status: 'pending', file };
    if (response.status === 422) return { status: 'failed', file, messages: messagesOf(body) };
    if (response.status === 404) return messagesOf(body).some((message) => message.key === 'VIEWER.NoModel') ? { status: 'none' } : { status: 'notFound' };
    throw new Error(messagesText(body) ?? `${response.status} ${response.statusText}`);
  },
  /** The wall meshes of a ready model as sent ('PXG1', decoded by the viewer); 202 means the server lost the stored geometry and reads the model again. */
  async getViewerGeometry(geometryUrl: string): Promise<ArrayBuffer> {
    const response = await fetch(geometryUrl, { credentials: 'same-origin' });
    if (response.status !== 200) throw new Error(`${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  },
  /** The model status of a unit (the details page's notice); anything but 200 counts as no model. */
  async getModelStatus(rootId: number, unitId: number): Promise<ViewerStatus> {
    const response = await fetch(viewStatusUrl(rootId, unitId), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!response.ok) return { status: 'none' };
    return (await response.json()) as ViewerStatus;
  },
};
