import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Box, Card, CardContent, CardHeader, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { parseWallNos, type DeliveryLotRecord, readableLotTitle } from '../../domain/deliveries';
import { DeliveryModelViewport } from '../projects/viewer/DeliveryModelViewport';
import { useViewerData } from '../projects/viewer/viewerQueries';
import { WallDimensionsTable } from '../projects/viewer/WallDimensionsTable';
import { formatIsoDate } from '../projects/deliveries/deliveryQueries';
import { DeliveryStatusChip } from './DeliveryLotFields';

/**
 * The 3D view beside the delivery table: one tab per delivery lot of the current page; the selected lot's walls
 * are listed and highlighted in the project's model (data-testid delivery-3d-viewport), the other walls ghosted.
 */
export function DeliveryModelPanel({ rootId, lots, selectedId, onSelect }: { rootId: number; lots: DeliveryLotRecord[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const selected = lots.find((lot) => lot.id === selectedId) ?? null;
  const wallNos = selected?.wallNos ?? '';
  const walls = useMemo(() => parseWallNos(wallNos), [wallNos]);
  // The same query as the 3D view below: one request for both.
  const { data: viewer } = useViewerData(rootId, rootId);
  return (
    <Card data-testid="delivery-3d-panel" sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}>
      <CardHeader avatar={<ViewInArIcon color="primary" />} title={translate('DELIVERY.ModelTitle')} slotProps={{ title: { variant: 'h6' } }} sx={{ pb: 0 }} />
      {lots.length > 0 && (
        <Tabs
          value={selected ? selected.id : false}
          onChange={(_, id: number) => onSelect(id)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={translate('DELIVERY.LotTabs')}
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none' } }}
        >
          {lots.map((lot) => (
            <Tab key={lot.id} value={lot.id} label={formatIsoDate(lot.deliveryDate.slice(0, 10), locale)} title={lot.title} data-testid={`lot-tab-${lot.id}`} />
          ))}
        </Tabs>
      )}
      <CardContent>
        {selected ? (
          <Stack spacing={1} sx={{ mb: 2 }} data-testid="selected-lot">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }} noWrap title={readableLotTitle(selected.title, selected.deliveryDate, (day) => formatIsoDate(day, locale))}>
                {readableLotTitle(selected.title, selected.deliveryDate, (day) => formatIsoDate(day, locale))}
              </Typography>
              <DeliveryStatusChip deliveryType={selected.deliveryType} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {selected.groups}
            </Typography>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              {translate('DELIVERY.WallsOfLot', { smart_count: walls.length })}
            </Typography>
            {walls.length > 0 ? (
              <Box
                sx={{ maxHeight: 240, overflow: 'auto' }}
                // A scrolling list: reachable by keyboard (focus, then arrow keys), named for screen readers.
                tabIndex={0}
                role="region"
                aria-label={translate('DELIVERY.WallsOfLot', { smart_count: walls.length })}
                data-testid="selected-walls"
              >
                <WallDimensionsTable model={viewer?.status === 'ready' ? viewer.view.model : null} wallNames={walls} />
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('DELIVERY.NoWalls')}
              </Typography>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(lots.length ? 'DELIVERY.ChooseLot' : 'DELIVERY.NoLotsOnPage')}
          </Typography>
        )}
        <DeliveryModelViewport rootId={rootId} wallNames={walls} />
      </CardContent>
    </Card>
  );
}
