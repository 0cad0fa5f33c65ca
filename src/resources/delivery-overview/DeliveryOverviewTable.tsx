import { Box, Checkbox, FormControlLabel, Paper, Stack } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { Datagrid, FunctionField, Pagination, TextField, useListContext, useTranslate } from 'react-admin';
import { DELIVERY_OVERVIEW_PAGE_SIZES, type DeliveryLotRecord } from '../../domain/deliveries';
import { DeliveryDoneButton } from './DeliveryDoneButton';
import { DeliveryDateField, DeliveryStatusField, WallsField, LotTitleField } from './DeliveryLotFields';

/** The hide-past-items checkbox: the filter `hidePast` is sent only while it is checked. */
function HidePastFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const checked = Boolean(filterValues.hidePast);
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => {
            const { hidePast: _omitted, ...rest } = filterValues;
            setFilters(event.target.checked ? { ...rest, hidePast: true } : rest);
          }}
          data-testid="hide-past"
        />
      }
      label={translate('DELIVERY.HidePast')}
    />
  );
}

function NoDeliveries() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  return (
    <Box sx={{ p: 3, color: 'text.secondary' }} data-testid="deliveries-empty">
      {translate(filterValues.hidePast ? 'DELIVERY.NoUpcoming' : 'DELIVERY.Empty')}
    </Box>
  );
}

const selectedRowSx = {
  bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.08),
  boxShadow: (theme: Theme) => `inset 4px 0 ${theme.palette.primary.main}`,
};

/** The delivery table of the overview (inside the page's ListBase): a row click selects the lot for the 3D view. */
export function DeliveryOverviewTable({ canConfirm, selectedId, onSelect }: { canConfirm: boolean; selectedId: number | null; onSelect: (id: number) => void }) {
  return (
    <Paper sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}>
        <HidePastFilter />
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={(id) => {
            onSelect(Number(id));
            return false;
          }}
          rowSx={(record) => ((record as DeliveryLotRecord).id === selectedId ? selectedRowSx : {})}
          empty={<NoDeliveries />}
          sx={{
            '& .RaDatagrid-rowCell': { verticalAlign: 'middle' },
            '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { px: 1 },
            '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' },
            '& .column-title': { minWidth: 150 },
          }}
        >
          <FunctionField source="title" label="DELIVERY.Columns.Name" sortable={false} sx={{ fontWeight: 500 }} render={() => <LotTitleField />} />
          <FunctionField source="deliveryDate" label="DELIVERY.Columns.DeliveryDate" render={() => <DeliveryDateField />} />
          <TextField source="groups" label="DELIVERY.Columns.ApprovalLots" sortable={false} />
          <FunctionField source="wallNos" label="DELIVERY.Columns.Walls" sortable={false} render={() => <WallsField />} />
          <FunctionField source="deliveryType" label="DELIVERY.Columns.Status" sortable={false} render={() => <DeliveryStatusField />} />
          {canConfirm && <FunctionField label="DELIVERY.Columns.Actions" textAlign="right" render={() => <DeliveryDoneButton canConfirm={canConfirm} />} />}
        </Datagrid>
      </Box>
      <Pagination rowsPerPageOptions={[...DELIVERY_OVERVIEW_PAGE_SIZES]} />
    </Paper>
  );
}
