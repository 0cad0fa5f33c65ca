import EventIcon from '@mui/icons-material/Event';
import FactoryOutlinedIcon from '@mui/icons-material/FactoryOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import TagIcon from '@mui/icons-material/Tag';
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { isAssignableUnit, orderNumberOf } from '../../../domain/assignments';
import type { ProjectUnit } from '../../../domain/projectUnits';
import { ProductTypeChip } from '../ProductTypeChip';
import { stateKey, UNIT_LOOK, unitTypeKey } from './unitLabels';
import { formatDate } from '../../../domain/format';
import { ChangedByNote } from '../../../layout/live/ChangedByNote';
import { useLastChange } from '../../../layout/live/useLastChange';

/** Delivery dates of a subproject's lots follow its preliminary days; the root and lintel lots (minimum today) do not show them. */
const showsPreliminaryDays = (unit: ProjectUnit) =>
  isAssignableUnit(unit.projectUnitType) && unit.projectUnitType !== 'project' && unit.projectUnitType !== 'lintelorderlot';

/** Type, state (since when), planned delivery, product type, plant, order number, preliminary days and notes of the unit. */
export function UnitSummary({ unit }: { unit: ProjectUnit }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const look = UNIT_LOOK[unit.projectUnitType];
  const orderNumber = orderNumberOf(unit.data);
  // "Changed by … at …" when someone else changes the unit while its page is open.
  const lastChange = useLastChange(`resource/projects/${unit.id}`);
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={translate(unitTypeKey(unit.projectUnitType))} sx={{ bgcolor: look.color, color: '#fff' }} />
        {unit.stateKey && (
          <Chip
            size="small"
            variant="outlined"
            label={`${translate(stateKey(unit.stateKey), { _: unit.stateKey })} · ${translate('PROJECTUNIT.Since', { date: formatDate(unit.stateSince, locale) })}`}
            data-testid="unit-state"
          />
        )}
        {unit.deliveryDate && (
          <Chip size="small" variant="outlined" icon={<EventIcon />} label={`${translate('PROJECTUNIT.PlannedDelivery')}: ${formatDate(unit.deliveryDate, locale)}`} />
        )}
        <ProductTypeChip {...unit} />
        {unit.plant && <Chip size="small" variant="outlined" icon={<FactoryOutlinedIcon />} label={unit.plant} data-testid="unit-plant" />}
        {orderNumber && <Chip size="small" variant="outlined" icon={<TagIcon />} label={translate('PLANNING.OrderNumberChip', { number: orderNumber })} data-testid="unit-order-number" />}
        {showsPreliminaryDays(unit) && (
          <Tooltip title={translate('PLANNING.PreliminaryDaysHint')}>
            <Chip size="small" variant="outlined" icon={<HourglassEmptyIcon />} label={translate('PLANNING.PreliminaryDaysChip', { smart_count: unit.preliminaryDays })} data-testid="unit-preliminary-days" />
          </Tooltip>
        )}
      </Stack>
      {unit.notes && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>
          {unit.notes}
        </Typography>
      )}
      <Box sx={{ mt: 1 }}>
        <ChangedByNote change={lastChange} />
      </Box>
    </Box>
  );
}
