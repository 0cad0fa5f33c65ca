import { Box, Checkbox, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { useLocaleState, useTranslate } from 'react-admin';
import { blockTypeGroup } from '../../domain/questionnaire';
import { formatNumber } from '../../domain/format';

/** A block of the table (`x-componentOptions.blocks`) and what the user ticked for it. */
export interface BlockTypeRow {
  block: string;
  weight: number;
}

/** The stored answer: one row per block with at least one strength class ticked (spec §3 Block type table row). */
export interface BlockTypeSelection {
  block: string;
  weight: number;
  cs12?: boolean;
  cs20?: boolean;
}

type StrengthClass = 'cs12' | 'cs20';
const CLASSES: StrengthClass[] = ['cs12', 'cs20'];

function blocksOf(options: unknown): BlockTypeRow[] {
  const blocks = (options as { blocks?: unknown } | undefined)?.blocks;
  return Array.isArray(blocks) ? blocks.filter((row): row is BlockTypeRow => typeof row?.block === 'string' && typeof row?.weight === 'number') : [];
}

/** The selection with one class of one block switched; blocks without a ticked class are left out. */
export function toggleBlockClass(selection: readonly BlockTypeSelection[], row: BlockTypeRow, strength: StrengthClass, checked: boolean): BlockTypeSelection[] {
  const current = selection.find((entry) => entry.block === row.block);
  const next: BlockTypeSelection = { block: row.block, weight: row.weight };
  for (const name of CLASSES) if (name === strength ? checked : current?.[name]) next[name] = true;
  const others = selection.filter((entry) => entry.block !== row.block);
  return CLASSES.some((name) => next[name]) ? [...others, next] : others;
}

/** The block type table: per block its weight, the strength classes CS12 and CS20 to tick, and its weight group. */
export function BlockTypeTable({ blocks, value, disabled, onChange, label }: { blocks: BlockTypeRow[]; value: BlockTypeSelection[]; disabled: boolean; onChange: (next: BlockTypeSelection[]) => void; label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box data-testid="block-type-table">
      {label && (
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {label}
        </Typography>
      )}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('QUESTIONNAIRE.BlockTable.Block')}</TableCell>
              <TableCell align="right">{translate('QUESTIONNAIRE.BlockTable.Weight')}</TableCell>
              <TableCell align="center">CS12</TableCell>
              <TableCell align="center">CS20</TableCell>
              <TableCell>{translate('QUESTIONNAIRE.BlockTable.Group')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {blocks.map((row) => {
              const selected = value.find((entry) => entry.block === row.block);
              const heavy = blockTypeGroup(row.weight) === 'heavy';
              return (
                <TableRow key={row.block} data-testid="block-type-row" hover>
                  <TableCell component="th" scope="row">
                    {row.block}
                  </TableCell>
                  <TableCell align="right">{formatNumber(row.weight, locale)} kg</TableCell>
                  {CLASSES.map((strength) => (
                    <TableCell key={strength} align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={!!selected?.[strength]}
                        disabled={disabled}
                        onChange={(event) => onChange(toggleBlockClass(value, row, strength, event.target.checked))}
                        slotProps={{ input: { 'aria-label': `${row.block} ${strength.toUpperCase()}` } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    <Chip size="small" variant="outlined" color={heavy ? 'warning' : 'default'} label={translate(heavy ? 'QUESTIONNAIRE.BlockTable.Heavy' : 'QUESTIONNAIRE.BlockTable.Light')} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** The table as the sheet's `block-type-table` component: blocks from `x-componentOptions`, the selection as the control's value. */
export function BlockTypeTableField({ schema, formData, disabled, readonly, onChange, fieldPathId }: FieldProps & { rootId: number }) {
  const blocks = blocksOf((schema as { 'x-componentOptions'?: unknown })['x-componentOptions']);
  const value = Array.isArray(formData) ? (formData as BlockTypeSelection[]) : [];
  return (
    <BlockTypeTable
      blocks={blocks}
      value={value}
      disabled={!!disabled || !!readonly}
      label={schema.title ?? ''}
      onChange={(next) => onChange(next.length ? next : undefined, fieldPathId.path)}
    />
  );
}
