import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BulkColumn } from '../../domain/bulk/resources';

/** The mapping step: each column of the file goes to a field of the list, or is ignored. */
export function ImportMapping({
  resource,
  headers,
  columns,
  mapping,
  onChange,
}: {
  resource: string;
  headers: string[];
  columns: BulkColumn[];
  mapping: (string | null)[];
  onChange: (mapping: (string | null)[]) => void;
}) {
  const translate = useTranslate();
  const writable = columns.filter((column) => !column.readOnly);
  return (
    <Table size="small" aria-label={translate('BULK.Import.StepMapping')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('BULK.Import.Column')}</TableCell>
          <TableCell>{translate('BULK.Import.Field')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {headers.map((header, index) => (
          <TableRow key={`${header}-${index}`}>
            <TableCell>{header || '—'}</TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                fullWidth
                value={mapping[index] ?? ''}
                slotProps={{ htmlInput: { 'aria-label': header } }}
                onChange={(event) => onChange(mapping.map((field, position) => (position === index ? event.target.value || null : field)))}
              >
                <MenuItem value="">{translate('BULK.Import.Ignore')}</MenuItem>
                {writable.map((column) => (
                  <MenuItem key={column.field} value={column.field} disabled={mapping.includes(column.field) && mapping[index] !== column.field}>
                    {translate(`resources.${resource}.fields.${column.field}`)}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
