import { Box, Checkbox, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { ORDER_NUMBER_MAX, type PlanningData } from '../../../domain/assignments';
import { UNIT_LOOK, unitTypeKey } from '../details/unitLabels';
import { PlantSelect, ProductTypeSelect } from './PlanningSelects';
import type { PlanningRowState, RowValues } from './usePlanningEdits';

interface RowProps {
  row: PlanningRowState;
  data: PlanningData;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
  onChange: (change: Partial<RowValues>) => void;
}

const dirtySx = {
  bgcolor: (theme: { palette: { warning: { main: string } } }) => alpha(theme.palette.warning.main, 0.1),
  boxShadow: (theme: { palette: { warning: { main: string } } }) => `inset 4px 0 ${theme.palette.warning.main}`,
};

function PlanningTableRow({ row, data, selected, disabled, onToggle, onChange }: RowProps) {
  const translate = useTranslate();
  const { unit, values } = row;
  const look = UNIT_LOOK[unit.projectUnitType];
  const Icon = look.icon;
  const orderError = row.orderNumberKey ? translate(row.orderNumberKey, { max: ORDER_NUMBER_MAX }) : row.serverErrors.orderNumber;
  return (
    <TableRow hover selected={selected} data-testid="planning-row" data-unit-title={unit.title} data-dirty={row.dirty ? 'true' : undefined} sx={row.dirty ? dirtySx : undefined}>
      <TableCell padding="checkbox">
        <Checkbox checked={selected} onChange={onToggle} disabled={disabled} slotProps={{ input: { 'aria-label': translate('PLANNING.SelectUnit', { title: unit.title }) } }} data-testid="row-select" />
      </TableCell>
      <TableCell sx={{ minWidth: 240 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pl: unit.depth * 3 }}>
          <Tooltip title={translate(unitTypeKey(unit.projectUnitType))}>
            <Icon fontSize="small" sx={{ color: look.color }} />
          </Tooltip>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: unit.depth === 0 ? 600 : 500 }} noWrap>
              {unit.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {unit.projectUnitNo}
            </Typography>
          </Box>
        </Stack>
        {row.serverErrors.projectUnitID && (
          <Typography variant="caption" color="error" role="alert">
            {row.serverErrors.projectUnitID}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ width: 230 }}>
        <ProductTypeSelect
          productTypes={data.productTypes}
          value={values.productTypeID}
          onChange={(productTypeID) => onChange({ productTypeID })}
          label={translate('PLANNING.ProductTypeOf', { title: unit.title })}
          emptyLabel={translate('PLANNING.NoProductType')}
          disabled={disabled}
          error={row.serverErrors.productTypeID}
          testId="row-product-type"
        />
      </TableCell>
      <TableCell sx={{ width: 210 }}>
        <PlantSelect
          plants={data.plants}
          value={values.plantID}
          onChange={(plantID) => onChange({ plantID })}
          label={translate('PLANNING.PlantOf', { title: unit.title })}
          emptyLabel={translate('PLANNING.DefaultPlant')}
          disabled={disabled}
          error={row.serverErrors.plantID}
          testId="row-plant"
        />
      </TableCell>
      <TableCell sx={{ width: 200 }}>
        <TextField
          size="small"
          variant="outlined"
          fullWidth
          value={values.orderNumber}
          onChange={(event) => onChange({ orderNumber: event.target.value })}
          disabled={disabled}
          error={Boolean(orderError)}
          helperText={orderError}
          placeholder="—"
          slotProps={{ htmlInput: { maxLength: ORDER_NUMBER_MAX + 10, 'aria-label': translate('PLANNING.OrderNumberOf', { title: unit.title }), 'data-testid': 'row-order-number' } }}
        />
      </TableCell>
      <TableCell align="right" sx={{ width: 120, whiteSpace: 'nowrap' }} data-testid="row-preliminary-days">
        {translate('PLANNING.Days', { smart_count: unit.preliminaryDays })}
      </TableCell>
    </TableRow>
  );
}

interface TableProps {
  data: PlanningData;
  rows: PlanningRowState[];
  selected: Set<number>;
  disabled: boolean;
  onToggle: (unitId: number) => void;
  onToggleAll: () => void;
  onChange: (unitId: number, change: Partial<RowValues>) => void;
}

/** The project's units (indented by depth) × product type × plant × order number, with their preliminary days. */
export function PlanningTable({ data, rows, selected, disabled, onToggle, onToggleAll, onChange }: TableProps) {
  const translate = useTranslate();
  const all = rows.length > 0 && selected.size === rows.length;
  return (
    <TableContainer>
      <Table size="small" sx={{ '& td': { py: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={selected.size > 0 && !all}
                onChange={onToggleAll}
                disabled={disabled}
                slotProps={{ input: { 'aria-label': translate('PLANNING.SelectAll') } }}
                data-testid="select-all"
              />
            </TableCell>
            <TableCell>{translate('PLANNING.Columns.Unit')}</TableCell>
            <TableCell>{translate('PLANNING.Columns.ProductType')}</TableCell>
            <TableCell>{translate('PLANNING.Columns.Plant')}</TableCell>
            <TableCell>{translate('PLANNING.Columns.OrderNumber')}</TableCell>
            <TableCell align="right">
              <Tooltip title={translate('PLANNING.PreliminaryDaysHint')}>
                <span>{translate('PLANNING.Columns.PreliminaryDays')}</span>
              </Tooltip>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <PlanningTableRow
              key={row.unit.projectUnitID}
              row={row}
              data={data}
              selected={selected.has(row.unit.projectUnitID)}
              disabled={disabled}
              onToggle={() => onToggle(row.unit.projectUnitID)}
              onChange={(change) => onChange(row.unit.projectUnitID, change)}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
