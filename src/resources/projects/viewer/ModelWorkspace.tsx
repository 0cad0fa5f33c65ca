import { Alert, Box, Paper } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ModelTree } from './ModelTree';
import { SceneView, type FrameRequest } from './SceneView';
import { SelectionInfo } from './SelectionInfo';
import { useViewerGeometry, type ViewerReady } from './viewerQueries';
import { floorOfSelection, selectedWallIds, viewerSceneStyle, type ViewerSelection } from './viewerSelection';
import { ViewerToolbar } from './ViewerToolbar';

/** Tall enough to work in, short enough that the page does not scroll on a laptop screen. */
export const WORKSPACE_HEIGHT = 'max(520px, calc(100vh - 215px))';

/**
 * The ready model: the tree on the left (above on narrow screens), the 3D view on the right. Choosing in the
 * tree highlights and frames; a click on a wall in the 3D view chooses it in the tree.
 */
export function ModelWorkspace({ view }: { view: ViewerReady }) {
  const translate = useTranslate();
  const { model } = view;
  const geometry = useViewerGeometry(view.geometryUrl);
  const [selection, setSelection] = useState<ViewerSelection>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(model.children.length === 1 ? [model.children[0].id] : []));
  const [isolatedFloorId, setIsolatedFloorId] = useState<number | null>(null);
  const [ghostOthers, setGhostOthers] = useState(false);
  const [frameRequest, setFrameRequest] = useState<FrameRequest>({ key: 0, wallIds: null, animate: false });
  const style = useMemo(() => viewerSceneStyle(model, selection, { isolatedFloorId, ghostOthers }), [model, selection, isolatedFloorId, ghostOthers]);
  const selectedFloor = floorOfSelection(model, selection);

  const frame = useCallback((wallIds: readonly number[] | null) => setFrameRequest((previous) => ({ key: previous.key + 1, wallIds, animate: true })), []);
  const expand = (floorId: number) => setExpanded((previous) => (previous.has(floorId) ? previous : new Set(previous).add(floorId)));
  const toggle = (floorId: number) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(floorId)) next.add(floorId);
      return next;
    });

  /** From the tree: highlight and frame; an isolated view follows to the selection's floor. */
  const selectInTree = (next: ViewerSelection) => {
    setSelection(next);
    const floor = floorOfSelection(model, next);
    if (floor && isolatedFloorId !== null) setIsolatedFloorId(floor.id);
    frame(selectedWallIds(model, next));
  };

  /** From the 3D view: the wall is chosen in the tree (its floor opens); a click into empty space clears. */
  const pick = useCallback(
    (wallId: number | null) => {
      if (wallId === null) {
        setSelection(null);
        return;
      }
      const floor = floorOfSelection(model, { kind: 'wall', id: wallId });
      if (floor) expand(floor.id);
      setSelection({ kind: 'wall', id: wallId });
    },
    [model],
  );

  const isolate = () => {
    if (isolatedFloorId !== null) {
      setIsolatedFloorId(null);
      frame(null);
    } else if (selectedFloor) {
      setIsolatedFloorId(selectedFloor.id);
      frame(selectedFloor.children.map((wall) => wall.id));
    }
  };
  const showAll = () => {
    setIsolatedFloorId(null);
    frame(null);
  };

  return (
    <Paper
      variant="outlined"
      data-testid="viewer-workspace"
      sx={{
        display: 'grid',
        overflow: 'hidden',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
        gridTemplateRows: { xs: 'auto minmax(360px, 62vh)', md: 'minmax(0, 1fr)' },
        height: { md: WORKSPACE_HEIGHT },
      }}
    >
      <Box sx={{ minHeight: 0, maxHeight: { xs: 300, md: 'none' }, borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: { xs: 'divider', md: 'divider' }, bgcolor: 'background.paper' }}>
        <ModelTree model={model} selection={selection} highlighted={style.highlighted} expanded={expanded} onToggle={toggle} onSelect={selectInTree} />
      </Box>
      <Box sx={{ position: 'relative', minHeight: 0, minWidth: 0 }}>
        {geometry.error ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="viewer-geometry-error">
            {translate('VIEWER.GeometryFailed')}
          </Alert>
        ) : !model.children.some((floor) => floor.children.length > 0) ? (
          // A model without walls in its storeys has nothing to draw: say so instead of an empty canvas.
          <Alert severity="info" sx={{ m: 2 }} data-testid="viewer-no-walls">
            {translate(model.children.length ? 'VIEWER.NoWalls' : 'VIEWER.NoStoreys', { name: view.file.name })}
          </Alert>
        ) : (
          <SceneView
            meshes={geometry.data}
            style={style}
            frameRequest={frameRequest}
            onPick={pick}
            label={translate('VIEWER.SceneLabel', { name: view.file.name })}
            testId="viewer-scene"
            sx={{ position: 'absolute', inset: 0 }}
          />
        )}
        <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
          <ViewerToolbar
            canIsolate={!!selectedFloor}
            isolated={isolatedFloorId !== null}
            ghostOthers={ghostOthers}
            onFit={() => frame(null)}
            onIsolate={isolate}
            onShowAll={showAll}
            onGhostChange={setGhostOthers}
          />
        </Box>
        <SelectionInfo model={model} selection={selection} isolatedFloorId={isolatedFloorId} />
      </Box>
    </Paper>
  );
}
