import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Box, Skeleton, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ViewerGeometryMesh } from '../../../domain/viewerModel';
import type { ModelScene } from './ModelScene';
import type { SceneStyle } from './viewerSelection';

/** Starts fetching the three.js chunk early (e.g. while the model's JSON loads); the view then mounts faster. */
export const preloadScene = () => import('./ModelScene').then(() => undefined, () => undefined);

/** Asks the scene to frame walls; a new `key` frames again even when the walls are the same. */
export interface FrameRequest {
  key: number;
  wallIds: readonly number[] | null;
  animate: boolean;
}

interface SceneViewProps {
  meshes: readonly ViewerGeometryMesh[] | undefined;
  style: SceneStyle;
  frameRequest?: FrameRequest;
  onPick?: (wallId: number | null) => void;
  label: string;
  testId?: string;
  sx?: SxProps<Theme>;
}

/**
 * The 3D canvas as a React component. The three.js scene is fetched with `import()` when the view first mounts,
 * so three.js is a chunk of its own; the container carries `data-first-frame-ms` (milliseconds since the page
 * was opened) once the first frame with walls is on screen.
 */
export function SceneView({ meshes, style, frameRequest, onPick, label, testId, sx }: SceneViewProps) {
  const translate = useTranslate();
  const containerRef = useRef<HTMLDivElement>(null);
  const [scene, setScene] = useState<ModelScene | null>(null);
  const [unsupported, setUnsupported] = useState(false);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let created: ModelScene | null = null;
    let cancelled = false;
    import('./ModelScene')
      .then(({ ModelScene }) => {
        if (cancelled) return;
        created = new ModelScene(container, {
          onPick: (wallId) => pickRef.current?.(wallId),
          onFirstFrame: () => {
            const ms = Math.round(performance.now());
            container.dataset.firstFrameMs = String(ms);
            performance.mark('viewer-first-frame');
          },
        });
        setScene(created);
      })
      .catch(() => !cancelled && setUnsupported(true));
    return () => {
      cancelled = true;
      created?.dispose();
      setScene(null);
    };
  }, []);

  useEffect(() => {
    if (scene && meshes) scene.setMeshes(meshes);
  }, [scene, meshes]);

  useEffect(() => {
    if (scene) scene.setStyle(style);
  }, [scene, style, meshes]);

  const frameKey = frameRequest?.key;
  useEffect(() => {
    if (scene && meshes && frameRequest && frameRequest.key > 0) scene.frame(frameRequest.wallIds, frameRequest.animate);
    // Only a new request frames; a changed list alone (e.g. while searching) does not move the camera.
  }, [scene, meshes, frameKey]);

  const loading = !unsupported && (!scene || !meshes);
  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', minHeight: 0, ...sx }}>
      <Box ref={containerRef} role="region" aria-label={label} data-testid={testId} data-ready={scene && meshes ? 'true' : 'false'} sx={{ position: 'absolute', inset: 0 }} />
      {loading && (
        <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary' }} data-testid="scene-loading">
          <Skeleton variant="rectangular" animation="wave" sx={{ position: 'absolute', inset: 0, height: '100%', transform: 'none' }} />
          <ViewInArIcon sx={{ fontSize: 40, color: 'text.disabled', zIndex: 1 }} />
          <Typography variant="body2" sx={{ zIndex: 1 }}>
            {translate('VIEWER.Loading')}
          </Typography>
        </Stack>
      )}
      {unsupported && (
        <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', gap: 1, p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="scene-unsupported">
          <ViewInArIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
          <Typography variant="body2">{translate('VIEWER.NoWebGL')}</Typography>
        </Stack>
      )}
    </Box>
  );
}
