import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DeliveryStructure } from '../../../domain/deliveries';
import { sumVolume, type MaterialType, type StructureMaterial } from '../../../domain/structure';
import { stateKey } from '../details/unitLabels';
import { formatVolume, type MaterialRowProblem } from './deliveryQueries';
import { MaterialRowsEditor } from './MaterialRowsEditor';

export type DeliveryLot = DeliveryStructure['approvalLots'][number];

/** One approval lot in the delivery data overview: title, state, total and available volume, its material rows. */
export function DeliveryDataLot({
  lot,
  rows,
  available,
  materialTypes,
  minDate,
  problems,
  changed,
  readOnly,
  onChange,
}: {
  lot: DeliveryLot;
  rows: StructureMaterial[];
  available: number;
  materialTypes: MaterialType[];
  minDate: (type: string) => string;
  problems: MaterialRowProblem[];
  changed: boolean;
  readOnly: boolean;
  onChange: (rows: StructureMaterial[]) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const total = sumVolume(rows);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, borderLeft: 4, borderLeftColor: problems.length ? 'error.main' : changed ? 'secondary.main' : 'divider' }}
      data-testid={`delivery-lot-${lot.approvalLotID}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 0.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <FactCheckIcon fontSize="small" sx={{ color: '#6a4c93' }} />
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
            {lot.approvalLotTitle}
          </Typography>
          {lot.stateKey && <Chip size="small" variant="outlined" label={translate(stateKey(lot.stateKey), { _: lot.stateKey })} />}
          {changed && <Chip size="small" color="secondary" label={translate('DELIVERY.Changed')} />}
        </Stack>
        <Box sx={{ display: 'flex', gap: 2, color: 'text.secondary', typography: 'body2', whiteSpace: 'nowrap' }}>
          <span data-testid="lot-total">{translate('DELIVERY.LotTotal', { volume: formatVolume(total, locale) })}</span>
          <span data-testid="lot-available">{translate('DELIVERY.Available', { volume: formatVolume(available, locale) })}</span>
        </Box>
      </Stack>
      <MaterialRowsEditor rows={rows} onChange={onChange} materialTypes={materialTypes} minDate={minDate} problems={problems} readOnly={readOnly} />
    </Paper>
  );
}
