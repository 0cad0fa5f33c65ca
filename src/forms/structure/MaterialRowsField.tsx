import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormHelperText, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { getUiOptions, getWidget, toFieldPathId, type FieldProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useTranslate } from 'react-admin';
import { minDateFor, sumVolume, type StructureMaterial } from '../../domain/structure';
import { errorsAt } from '../errorSchema';
import { structureContext } from './structureFormContext';
import { formatNumber } from '../../domain/format';

const COLUMNS = ['type', 'volume', 'deliveryDate'] as const;
type Column = (typeof COLUMNS)[number];
const WIDTHS: Record<Column, string> = { type: '40%', volume: '25%', deliveryDate: '30%' };

/**
 * The material rows of one approval lot as a compact table: type, volume (m³) and delivery date, each cell drawn by
 * the widget the uiSchema names. The earliest date follows the lot (`ui:options.lotProjectUnitID`) and the row's type.
 */
export function MaterialRowsField({ formData, onChange, onBlur, onFocus, fieldPathId, errorSchema, readonly, disabled, registry, schema, uiSchema }: FieldProps) {
  const translate = useTranslate();
  const { rules, locale } = structureContext(registry);
  const rows: StructureMaterial[] = formData ?? [];
  const lot = { projectUnitID: getUiOptions(uiSchema).lotProjectUnitID as number | undefined };
  const itemSchema = registry.schemaUtils.retrieveSchema(schema.items as RJSFSchema);
  const itemUi = (uiSchema?.items ?? {}) as Record<Column, UiSchema | undefined>;
  const editable = !readonly && !disabled;
  const update = (next: StructureMaterial[]) => onChange(next, fieldPathId.path);
  const setCell = (index: number, column: Column, value: unknown) => update(rows.map((row, i) => (i === index ? { ...row, [column]: value } : row)));
  const addRow = () => {
    const type = rules.materialTypes[0]?.key ?? '';
    update([...rows, { type, volume: undefined as unknown as number, deliveryDate: minDateFor(rules, lot, type) }]);
  };
  const columnSchema = (column: Column) => (itemSchema.properties?.[column] ?? {}) as RJSFSchema;

  return (
    <Box data-testid="material-rows">
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 0.5 }}>
          {translate('STRUCTURE.NoMaterials')}
        </Typography>
      )}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 560, '& td, & th': { px: 1, borderBottom: 'none' }, '& td': { verticalAlign: 'top', py: 0.5 } }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ width: WIDTHS[column], color: 'text.secondary', fontSize: 12, py: 0.5 }}>
                    {columnSchema(column).title ?? column}
                  </TableCell>
                ))}
                <TableCell sx={{ width: '5%' }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => {
                const rowPath = toFieldPathId(index, registry.globalFormOptions, fieldPathId);
                return (
                  <TableRow key={index} data-testid="material-row">
                    {COLUMNS.map((column) => {
                      const ui = itemUi[column] ?? {};
                      const options = getUiOptions(ui);
                      const Widget = getWidget(columnSchema(column), (ui['ui:widget'] as string | undefined) ?? 'text', registry.widgets);
                      const errors = errorsAt(errorSchema, index, column);
                      const cellId = toFieldPathId(column, registry.globalFormOptions, rowPath).$id;
                      return (
                        <TableCell key={column} data-testid={`material-${column}`}>
                          <Widget
                            id={cellId}
                            name={column}
                            schema={columnSchema(column)}
                            uiSchema={ui}
                            registry={registry}
                            value={row[column]}
                            label={columnSchema(column).title ?? column}
                            hideLabel
                            options={column === 'deliveryDate' ? { ...options, min: minDateFor(rules, lot, row.type) } : options}
                            readonly={!editable}
                            disabled={disabled}
                            rawErrors={errors}
                            onChange={(value: unknown) => setCell(index, column, value)}
                            onBlur={onBlur}
                            onFocus={onFocus}
                          />
                          {errors.map((message) => (
                            <FormHelperText key={message} error sx={{ mx: 0.5 }}>
                              {message}
                            </FormHelperText>
                          ))}
                        </TableCell>
                      );
                    })}
                    <TableCell sx={{ textAlign: 'right' }}>
                      {editable && (
                        <Tooltip title={translate('STRUCTURE.DeleteMaterial')}>
                          <IconButton size="small" aria-label={translate('STRUCTURE.DeleteMaterial')} onClick={() => update(rows.filter((_, i) => i !== index))}>
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1, pt: 0.5 }}>
        {editable ? (
          <Button size="small" startIcon={<AddIcon />} onClick={addRow} disabled={!rules.materialTypes.length} data-testid="add-material">
            {translate('STRUCTURE.AddMaterial')}
          </Button>
        ) : (
          <span />
        )}
        {rows.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {translate('STRUCTURE.LotTotal', { volume: formatNumber(sumVolume(rows), locale) })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
