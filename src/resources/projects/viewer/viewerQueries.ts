import { useQuery } from '@tanstack/react-query';
import { decodeGeometry, VIEWER_POLL_MS, type ViewerGeometryMesh } from '../../../domain/viewerModel';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import type { ShownMessage } from '../../../providers/methods/viewer';

export const viewerPath = (rootId: number, unitId: number) => `/home/app/viewer/${rootId}/${unitId}/view`;
export type { ViewerReady } from '../../../domain/viewerModel';
export type { ShownMessage, ViewerData, ViewerFile } from '../../../providers/methods/viewer';
const STATUS_POLL_MS = 2000;

/** The model of a unit, asked again every second while the server is still reading it. */
export function useViewerData(rootId: number, unitId: number, enabled = true) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['viewer-model', rootId, unitId],
    queryFn: () => dataProvider.getViewerData(rootId, unitId),
    enabled: enabled && rootId > 0 && unitId > 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? VIEWER_POLL_MS : false),
  });
}

/** The wall meshes of a ready model; the URL carries the content hash, so one answer per URL is enough. */
export function useViewerGeometry(geometryUrl: string | null) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['viewer-geometry', geometryUrl],
    enabled: !!geometryUrl,
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
    structuralSharing: false,
    // A 202 (the server lost the stored geometry and reads the model again) fails; the retry asks once more.
    queryFn: async (): Promise<ViewerGeometryMesh[]> => decodeGeometry(await dataProvider.getViewerGeometry(geometryUrl!)),
  });
}

/** The model status of a unit; `revision` changes when the unit's files change, so an upload is checked again. */
export function useModelStatus(rootId: number, unitId: number, revision: string, enabled = true) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['viewer-status', rootId, unitId, revision],
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: () => dataProvider.getModelStatus(rootId, unitId),
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
