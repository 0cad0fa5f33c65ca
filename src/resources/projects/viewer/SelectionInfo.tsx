import LayersIcon from '@mui/icons-material/Layers';
import ThreeDRotationIcon from '@mui/icons-material/ThreeDRotation';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { floorOfWall, wallsOf, type ViewerModel } from '../../../domain/viewerModel';
import { HIGHLIGHT_COLOR } from './viewerColors';
import { wallDimensionsText } from './wallDimensions';
import { formatElevation, type ViewerSelection } from './viewerSelection';

const overlay = { position: 'absolute', px: 1.5, py: 1, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.94)', pointerEvents: 'none' } as const;

/** What is chosen (bottom left of the 3D view) and how to move the camera (top left, beside the tools). */
export function SelectionInfo({ model, selection, isolatedFloorId }: { model: ViewerModel; selection: ViewerSelection; isolatedFloorId: number | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const wall = selection?.kind === 'wall' ? wallsOf(model).find((entry) => entry.id === selection.id) : undefined;
  const floor = selection?.kind === 'floor' ? model.children.find((entry) => entry.id === selection.id) : wall ? floorOfWall(model, wall.id) : undefined;
  const isolated = isolatedFloorId === null ? undefined : model.children.find((entry) => entry.id === isolatedFloorId);

  let title = translate('VIEWER.Selection.None');
  let detail: string | null = null;
  let dimensions: string | null = null;
  if (wall) {
    title = translate('VIEWER.Selection.Wall', { name: wall.name });
    detail = [floor ? translate('VIEWER.Selection.OnFloor', { floor: floor.name }) : null, wall.globalId].filter(Boolean).join(' · ');
    dimensions = wallDimensionsText(wall.dimensions, locale, translate);
  } else if (floor) {
    title = translate('VIEWER.Selection.Floor', { name: floor.name });
    detail = `${translate('VIEWER.Tree.Walls', { smart_count: floor.children.length })} · ${formatElevation(floor.elevation, locale)}`;
  }

  return (
    <>
      <Paper elevation={2} sx={{ ...overlay, left: 12, bottom: 12, maxWidth: 'calc(100% - 24px)' }} data-testid="viewer-selection" aria-live="polite">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {(wall || floor) && <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: HIGHLIGHT_COLOR, flexShrink: 0 }} />}
          <Typography variant="body2" sx={{ fontWeight: wall || floor ? 600 : 400 }} color={wall || floor ? 'text.primary' : 'text.secondary'}>
            {title}
          </Typography>
        </Stack>
        {dimensions && (
          <Typography variant="body2" component="div" data-testid="viewer-wall-dimensions">
            {dimensions}
          </Typography>
        )}
        {detail && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>
            {detail}
          </Typography>
        )}
        {isolated && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, color: 'primary.main' }} data-testid="viewer-isolated">
            <LayersIcon sx={{ fontSize: 16 }} />
            <Typography variant="caption">{translate('VIEWER.Selection.Isolated', { floor: isolated.name })}</Typography>
          </Stack>
        )}
      </Paper>
      <Paper elevation={0} sx={{ ...overlay, left: 12, top: 12, display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.75, bgcolor: 'rgba(255,255,255,0.8)' }}>
        <ThreeDRotationIcon sx={{ fontSize: 18, color: 'text.secondary' }} />
        <Typography variant="caption" color="text.secondary">
          {translate('VIEWER.Hint')}
        </Typography>
      </Paper>
    </>
  );
}
