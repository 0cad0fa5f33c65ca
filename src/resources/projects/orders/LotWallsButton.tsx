import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useViewerData, viewerPath } from '../viewer/viewerQueries';
import { WallDimensionsTable } from '../viewer/WallDimensionsTable';
import type { OrderLot } from './orderQueries';

/** One click from an order lot to its walls: their storey and dimensions from the model, and the way to the 3D view. */
export function LotWallsButton({ lot }: { lot: OrderLot }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const walls = lot.wallNos ?? [];
  const { data, isPending } = useViewerData(lot.rootProjectUnitID, lot.projectUnitID, open);
  if (!walls.length) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<ViewInArIcon />} onClick={() => setOpen(true)} data-testid="lot-walls-button">
        {translate('ORDERS.Walls.Button', { smart_count: walls.length })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth data-testid="lot-walls-dialog">
        <DialogTitle>{translate('ORDERS.Walls.Title', { lot: lot.title })}</DialogTitle>
        <DialogContent dividers sx={{ overflowX: 'auto' }}>
          {isPending || data?.status === 'pending' ? <LinearProgress sx={{ mb: 1 }} /> : null}
          {data?.status === 'failed' && <Alert severity="warning">{translate('ORDERS.Walls.NoModel')}</Alert>}
          <WallDimensionsTable model={data?.status === 'ready' ? data.view.model : null} wallNames={walls} />
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to={viewerPath(lot.rootProjectUnitID, lot.projectUnitID)} startIcon={<ViewInArIcon />}>
            {translate('ORDERS.Walls.Open3d')}
          </Button>
          <Button onClick={() => setOpen(false)} data-testid="lot-walls-close">
            {translate('ORDERS.Walls.Close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
