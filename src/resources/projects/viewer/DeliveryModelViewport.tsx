import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { SceneView, type FrameRequest } from './SceneView';
import { problemText, useViewerData, useViewerGeometry, type ViewerReady } from './viewerQueries';
import { HIGHLIGHT_COLOR } from './viewerColors';
import { wallIdsByName, type SceneStyle } from './viewerSelection';

const VIEWPORT_SX = { aspectRatio: '4 / 3', borderRadius: 1, border: 1, borderColor: 'divider', overflow: 'hidden', position: 'relative' } as const;
/** The whole building stays in view while the lots change, so the eye sees which part is delivered. */
const WHOLE_MODEL: FrameRequest = { key: 1, wallIds: null, animate: false };

/** The box the model would fill, with a message instead (no model yet, being read, unreadable). */
function Placeholder({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <Box
      data-testid="delivery-3d-viewport"
      sx={{
        ...VIEWPORT_SX,
        borderStyle: 'dashed',
        bgcolor: 'grey.50',
        backgroundImage: 'linear-gradient(rgba(0,0,0,0.04) 1px, transparent 1px), linear-gradient(90deg, rgba(0,0,0,0.04) 1px, transparent 1px)',
        backgroundSize: '24px 24px',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        p: 3,
        color: 'text.secondary',
      }}
    >
      {icon}
      <Typography variant="body2">{text}</Typography>
      {children}
    </Box>
  );
}

function ModelView({ view, wallNames }: { view: ViewerReady; wallNames: readonly string[] }) {
  const translate = useTranslate();
  const geometry = useViewerGeometry(view.geometryUrl);
  const { ids, missing } = useMemo(() => wallIdsByName(view.model, wallNames), [view.model, wallNames]);
  const style = useMemo<SceneStyle>(() => ({ highlighted: new Set(ids), selected: null, visible: null, ghostOthers: true }), [ids]);
  if (geometry.error) return <Placeholder icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} />} text={translate('VIEWER.GeometryFailed')} />;
  return (
    <>
      <Box data-testid="delivery-3d-viewport" data-highlighted={ids.length} sx={VIEWPORT_SX}>
        <SceneView meshes={geometry.data} style={style} frameRequest={WHOLE_MODEL} label={translate('VIEWER.SceneLabel', { name: view.file.name })} testId="delivery-scene" />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} data-testid="delivery-3d-legend">
        <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: HIGHLIGHT_COLOR, flexShrink: 0 }} />
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {translate('VIEWER.Delivery.Legend')}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap title={view.file.name} sx={{ maxWidth: '45%' }}>
          {view.file.name}
        </Typography>
      </Stack>
      {missing.length > 0 && (
        <Typography variant="caption" color="warning.dark" component="p" sx={{ mt: 0.5 }} data-testid="delivery-3d-missing">
          {translate('VIEWER.Delivery.Missing', { smart_count: missing.length, walls: missing.join(', ') })}
        </Typography>
      )}
    </>
  );
}

/**
 * The delivery overview's 3D view: the project's model (the root's), the walls of the selected delivery in the
 * highlight colour, all other walls ghosted. three.js loads only once a model is there to show.
 */
export function DeliveryModelViewport({ rootId, wallNames }: { rootId: number; wallNames: readonly string[] }) {
  const translate = useTranslate();
  const { data, error } = useViewerData(rootId, rootId);
  const icon = <ViewInArIcon sx={{ fontSize: 48, color: 'text.disabled' }} />;
  if (error) return <Placeholder icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} />} text={translate('VIEWER.LoadFailed')} />;
  if (!data) return <Placeholder icon={icon} text={translate('VIEWER.Loading')} />;
  if (data.status === 'ready') return <ModelView view={data.view} wallNames={wallNames} />;
  if (data.status === 'pending') {
    return (
      <Placeholder icon={icon} text={translate('VIEWER.Delivery.Pending')}>
        <LinearProgress sx={{ width: '60%', borderRadius: 1 }} />
      </Placeholder>
    );
  }
  if (data.status === 'failed') {
    const reason = problemText(data.messages, translate);
    return <Placeholder icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} />} text={translate('VIEWER.Delivery.Failed', { name: data.file?.name ?? '', reason })} />;
  }
  return <Placeholder icon={icon} text={translate('DELIVERY.ModelPending')} />;
}
