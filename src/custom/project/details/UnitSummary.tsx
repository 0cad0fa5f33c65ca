import EventIcon from '@mui/icons-material/Event';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ProjectUnit } from '../../../domain/projectUnits';
import { stateKey, UNIT_LOOK, unitTypeKey } from './unitLabels';

/** Type, state (since when), planned delivery, product type and notes of the current unit. */
export function UnitSummary({ unit }: { unit: ProjectUnit }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const look = UNIT_LOOK[unit.projectUnitType];
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={translate(unitTypeKey(unit.projectUnitType))} sx={{ bgcolor: look.color, color: '#fff' }} />
        {unit.stateKey && (
          <Chip
            size="small"
            variant="outlined"
            label={`${translate(stateKey(unit.stateKey), { _: unit.stateKey })} · ${translate('PROJECTUNIT.Since', { date: new Date(unit.stateSince).toLocaleDateString(locale) })}`}
            data-testid="unit-state"
          />
        )}
        {unit.deliveryDate && (
          <Chip size="small" variant="outlined" icon={<EventIcon />} label={`${translate('PROJECTUNIT.PlannedDelivery')}: ${new Date(unit.deliveryDate).toLocaleDateString(locale)}`} />
        )}
        {unit.productType && (
          <Chip size="small" label={unit.productType} sx={{ bgcolor: unit.productTypeBGColor ?? undefined, color: unit.productTypeTextColor ?? undefined }} />
        )}
        {unit.plant && <Chip size="small" variant="outlined" label={unit.plant} />}
      </Stack>
      {unit.notes && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>
          {unit.notes}
        </Typography>
      )}
    </Box>
  );
}
