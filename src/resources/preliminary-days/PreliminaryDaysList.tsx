import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { PRELIMINARY_DAYS_MAX, PRELIMINARY_DAYS_MIN, preliminaryDaysInputError, type PreliminaryDaysRecord } from '../../domain/preliminaryDays';
import { usePreliminaryDays, usePreliminaryDaysSave } from '../../custom/admin/preliminaryDaysApi';

/** The typed text per row id; a row is dirty while its text differs from the saved value. */
type Edits = Record<number, string>;

interface RowState {
  record: PreliminaryDaysRecord;
  text: string;
  dirty: boolean;
  error?: string;
}

function rowState(record: PreliminaryDaysRecord, edits: Edits): RowState {
  const text = edits[record.id] ?? String(record.preliminaryDays);
  const error = preliminaryDaysInputError(text);
  const dirty = record.id in edits && (error !== undefined || Number(text) !== record.preliminaryDays);
  return { record, text, dirty, error };
}

function PreliminaryDaysRow({ row, disabled, onChange }: { row: RowState; disabled: boolean; onChange: (text: string) => void }) {
  const translate = useTranslate();
  const { record } = row;
  return (
    <TableRow
      data-dirty={row.dirty ? 'true' : undefined}
      sx={row.dirty ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14), boxShadow: (theme) => `inset 4px 0 ${theme.palette.warning.main}` } : undefined}
    >
      <TableCell>{record.plantName}</TableCell>
      <TableCell>{record.productTypeTitle}</TableCell>
      <TableCell align="right" sx={{ width: 220 }}>
        <TextField
          type="number"
          size="small"
          variant="outlined"
          value={row.text}
          disabled={disabled}
          error={Boolean(row.error)}
          helperText={row.error ? translate(row.error) : undefined}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{
            htmlInput: {
              min: PRELIMINARY_DAYS_MIN,
              max: PRELIMINARY_DAYS_MAX,
              step: 1,
              inputMode: 'numeric',
              'aria-label': translate('PRELIMINARY.InputLabel', { plant: record.plantName, product: record.productTypeTitle }),
              style: { textAlign: 'right' },
            },
          }}
          sx={{ width: 140 }}
        />
      </TableCell>
    </TableRow>
  );
}

/** home/app/admin/preliminary-days: preliminary days per plant and product type, saved row by row. */
export default function PreliminaryDaysPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: records, isPending, error } = usePreliminaryDays();
  const save = usePreliminaryDaysSave();
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);

  if (isPending) return <LinearProgress />;
  if (error || !records) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {(error as Error | null)?.message ?? translate('ra.notification.http_error')}
      </Alert>
    );
  }

  const rows = records.map((record) => rowState(record, edits));
  const dirtyRows = rows.filter((row) => row.dirty);
  const invalid = dirtyRows.some((row) => row.error);

  const onSave = async () => {
    if (saving || invalid || !dirtyRows.length) return;
    setSaving(true);
    try {
      const { saved, failed } = await save(dirtyRows.map((row) => ({ id: row.record.id, preliminaryDays: Number(row.text) })));
      // Saved rows become clean; failed ones stay dirty so that nothing typed is lost.
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !saved.includes(Number(id)))));
      if (failed.length) notify(failed.map((failure) => failure.message).join('\n'), { type: 'error', multiLine: true });
      else notify('PRELIMINARY.Saved', { type: 'success', messageArgs: { smart_count: saved.length } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Title title="PRELIMINARY.Title" />
      <Card sx={{ mt: 2, maxWidth: 900 }}>
        <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between', minHeight: 64 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('PRELIMINARY.Hint')}
          </Typography>
          {dirtyRows.length > 0 && (
            <Button variant="contained" startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />} disabled={invalid || saving} onClick={onSave}>
              {translate('PRELIMINARY.Save', { smart_count: dirtyRows.length })}
            </Button>
          )}
        </Stack>
        <TableContainer>
          <Table size="small" aria-label={translate('PRELIMINARY.Title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('PRELIMINARY.Plant')}</TableCell>
                <TableCell>{translate('PRELIMINARY.Product')}</TableCell>
                <TableCell align="right">{translate('PRELIMINARY.PreliminaryDays')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <PreliminaryDaysRow
                  key={row.record.id}
                  row={row}
                  disabled={saving}
                  onChange={(text) => setEdits((current) => ({ ...current, [row.record.id]: text }))}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {rows.length === 0 && <Box sx={{ p: 3 }}>{translate('PRELIMINARY.Empty')}</Box>}
      </Card>
    </>
  );
}
