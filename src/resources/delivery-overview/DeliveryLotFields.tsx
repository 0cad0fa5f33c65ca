import { Box, Chip, Tooltip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { DELIVERY_TYPE_NAMES, parseWallNos, readableLotTitle, type DeliveryLotRecord, type DeliveryType } from '../../domain/deliveries';
import { formatIsoDate } from '../projects/deliveries/deliveryQueries';

/** Walls shown in a row before the rest is folded into "+n". */
export const WALLS_SHOWN = 2;

const STATUS_COLOR: Record<DeliveryType, 'success' | 'warning' | 'info'> = { 0: 'success', 1: 'warning', 2: 'info' };

export function DeliveryStatusChip({ deliveryType }: { deliveryType: DeliveryType }) {
  const translate = useTranslate();
  const name = DELIVERY_TYPE_NAMES[deliveryType] ?? 'Planned';
  return <Chip size="small" color={STATUS_COLOR[deliveryType] ?? 'default'} variant={deliveryType === 0 ? 'filled' : 'outlined'} label={translate(`DELIVERY.Type.${name}`)} data-testid="delivery-status" data-status={name} />;
}

export function DeliveryStatusField() {
  const record = useRecordContext<DeliveryLotRecord>();
  return record ? <DeliveryStatusChip deliveryType={record.deliveryType} /> : null;
}

/** The delivery's name with its date in the user's format. */
export function LotTitleField() {
  const record = useRecordContext<DeliveryLotRecord>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return <>{readableLotTitle(record.title, record.deliveryDate, (day) => formatIsoDate(day, locale))}</>;
}

export function DeliveryDateField() {
  const record = useRecordContext<DeliveryLotRecord>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Box component="time" dateTime={record.deliveryDate} sx={{ whiteSpace: 'nowrap' }} data-testid="delivery-date">
      {formatIsoDate(record.deliveryDate.slice(0, 10), locale)}
    </Box>
  );
}

/** The walls of a delivery: the first few, the full list in a tooltip when there are more. */
export function WallsField() {
  const record = useRecordContext<DeliveryLotRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const walls = parseWallNos(record.wallNos);
  if (!walls.length) return <Box sx={{ color: 'text.disabled' }}>–</Box>;
  // A wall name never breaks inside (S-EG-W01); the list breaks between names.
  const shown = walls.slice(0, WALLS_SHOWN).map((wall, index) => (
    <Box component="span" key={wall} sx={{ whiteSpace: 'nowrap' }}>
      {index > 0 && ', '}
      {wall}
    </Box>
  ));
  if (walls.length <= WALLS_SHOWN) return <span>{shown}</span>;
  return (
    <Tooltip title={walls.join(', ')}>
      <Box component="span" sx={{ cursor: 'help' }} data-testid="walls-short" aria-label={walls.join(', ')}>
        {shown} <Chip size="small" label={translate('DELIVERY.MoreWalls', { count: walls.length - WALLS_SHOWN })} sx={{ height: 20, ml: 0.5 }} />
      </Box>
    </Tooltip>
  );
}
