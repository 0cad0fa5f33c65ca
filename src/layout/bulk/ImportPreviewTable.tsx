import { Chip, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../../domain/format';
import type { CellKind } from '../../domain/bulk/cells';
import { exportSheet, isExportResource } from '../../domain/bulk/resources';
import type { RowStatus } from '../../domain/bulk/rows';
import { apiResource } from '../../providers/dataProvider';
import type { ImportPreview } from '../../providers/methods/bulk';

const STATUS_COLOR = { new: 'success', changed: 'info', unchanged: 'default', invalid: 'error' } as const;
const STATUSES: RowStatus[] = ['new', 'changed', 'unchanged', 'invalid'];

/** A value as the user's language writes it (numbers with its separators; prices with two decimals). */
function shown(value: unknown, locale: string, kind: CellKind | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const number = typeof value === 'number' ? value : kind === 'decimal' && typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isNaN(number)) {
    return formatNumber(number, locale, kind === 'decimal' ? { min: 2, max: 2 } : { max: 3 });
  }
  if (Array.isArray(value)) return value.join(' ');
  return String(value);
}

/** The preview step: every row with its status, the changed fields (old → new) or the reasons it is invalid. */
export function ImportPreviewTable({ resource, preview }: { resource: string; preview: ImportPreview }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [status, setStatus] = useState<RowStatus | 'all'>(preview.summary.invalid ? 'invalid' : 'all');
  const [page, setPage] = useState(0);
  const rows = useMemo(() => (status === 'all' ? preview.rows : preview.rows.filter((row) => row.status === status)), [preview, status]);
  const label = (field: string) => (field ? translate(`resources.${resource}.fields.${field}`) : '');
  const name = apiResource(resource);
  const kinds = new Map(isExportResource(name) ? exportSheet(name).columns.map((column) => [column.field, column.kind]) : []);
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup size="small" exclusive value={status} onChange={(_, value) => { if (value) { setStatus(value); setPage(0); } }}>
        <ToggleButton value="all">{translate('ra.action.select_all', { _: 'All' })} ({preview.rows.length})</ToggleButton>
        {STATUSES.map((option) => (
          <ToggleButton key={option} value={option} data-testid={`import-count-${option}`}>
            {translate(`BULK.Import.Status.${option}`)} ({preview.summary[option]})
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Table size="small" aria-label={translate('BULK.Import.StepPreview')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('BULK.Import.Row')}</TableCell>
            <TableCell>{translate('BULK.Import.Key')}</TableCell>
            <TableCell />
            <TableCell>{translate('BULK.Import.Details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(page * 50, page * 50 + 50).map((row) => (
            <TableRow key={row.line} data-status={row.status}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.key || '—'}</TableCell>
              <TableCell><Chip size="small" color={STATUS_COLOR[row.status]} label={translate(`BULK.Import.Status.${row.status}`)} /></TableCell>
              <TableCell>
                {row.changes?.map((change) => (
                  <Typography key={change.field} variant="body2">
                    {label(change.field)}: {shown(change.from, locale, kinds.get(change.field))} → <strong>{shown(change.to, locale, kinds.get(change.field))}</strong>
                  </Typography>
                ))}
                {row.problems?.map((problem, index) => (
                  <Typography key={index} variant="body2" color="error">
                    {problem.field ? `${label(problem.field)}: ` : ''}{problem.text}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={rows.length} page={page} rowsPerPage={50} rowsPerPageOptions={[50]} onPageChange={(_, next) => setPage(next)} />
    </Stack>
  );
}
