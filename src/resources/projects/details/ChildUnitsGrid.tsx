import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/Event';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { Box, Card, CardActionArea, CardContent, Chip, Pagination, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { UNIT_PAGE_SIZE, type ProjectUnit } from '../../../domain/projectUnits';
import { ProductTypeChip } from '../ProductTypeChip';
import { detailsPath } from './projectQueries';
import { stateKey, UNIT_LOOK, unitTypeKey } from './unitLabels';
import { formatDate } from '../../../domain/format';

function UnitTile({ unit }: { unit: ProjectUnit }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const look = UNIT_LOOK[unit.projectUnitType];
  const Icon = look.icon;
  return (
    <Card variant="outlined" sx={{ borderTop: `4px solid ${look.color}` }} data-testid="unit-tile">
      <CardActionArea component={RouterLink} to={detailsPath(unit)} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Icon fontSize="small" sx={{ color: look.color }} />
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
              {unit.projectUnitNo}
            </Typography>
            {unit.notes && (
              <Tooltip title={unit.notes}>
                <StickyNote2Icon fontSize="small" color="action" aria-label={translate('PROJECTUNIT.Notes')} />
              </Tooltip>
            )}
          </Stack>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3, mb: 1 }}>
            {unit.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
            {translate(unitTypeKey(unit.projectUnitType))}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            {unit.stateKey && <Chip size="small" label={translate(stateKey(unit.stateKey), { _: unit.stateKey })} />}
            <ProductTypeChip {...unit} />
            {unit.deliveryDate && (
              <Tooltip title={translate('PROJECTUNIT.PlannedDelivery')}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <EventIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
                  <Typography variant="caption">{formatDate(unit.deliveryDate, locale)}</Typography>
                </Stack>
              </Tooltip>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The child units as tiles, 25 a page; the pager shows only when there are more. */
export function ChildUnitsGrid({ units, onCreate, createBlockedReason }: { units: ProjectUnit[]; onCreate?: () => void; createBlockedReason?: string }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const pages = Math.ceil(units.length / UNIT_PAGE_SIZE);
  const visible = units.slice((page - 1) * UNIT_PAGE_SIZE, page * UNIT_PAGE_SIZE);
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {visible.map((unit) => (
          <UnitTile key={unit.id} unit={unit} />
        ))}
        {onCreate && (
          <Tooltip title={createBlockedReason ? translate(createBlockedReason) : ''}>
            <Card variant="outlined" sx={{ borderStyle: 'dashed', minHeight: 140 }} data-testid="new-unit-card">
              <CardActionArea onClick={onCreate} disabled={!!createBlockedReason} sx={{ height: '100%', display: 'grid', placeItems: 'center' }} data-testid="new-unit-tile">
                <Stack sx={{ alignItems: 'center', color: createBlockedReason ? 'text.disabled' : 'primary.main' }}>
                  <AddIcon fontSize="large" />
                  <Typography>{translate('PROJECTUNIT.NewUnit')}</Typography>
                </Stack>
              </CardActionArea>
            </Card>
          </Tooltip>
        )}
      </Box>
      {units.length > UNIT_PAGE_SIZE && (
        <Pagination count={pages} page={page} onChange={(_event, value) => setPage(value)} sx={{ mt: 2, display: 'flex', justifyContent: 'center' }} />
      )}
    </Box>
  );
}
