import { TextField } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { DatagridRow, useRecordContext, useTranslate, type DatagridRowProps } from 'react-admin';
import { PRELIMINARY_DAYS_MAX, PRELIMINARY_DAYS_MIN, type PreliminaryDaysRecord } from '../../domain/preliminaryDays';
import { rowState, usePreliminaryEdits } from './preliminaryEdits';

const dirtyRowSx = {
  bgcolor: (theme: { palette: { warning: { main: string } } }) => alpha(theme.palette.warning.main, 0.14),
  boxShadow: (theme: { palette: { warning: { main: string } } }) => `inset 4px 0 ${theme.palette.warning.main}`,
};

/** A datagrid row that says whether it holds an unsaved change (`data-dirty`, highlighted like changed rows elsewhere). */
export function PreliminaryDaysRow(props: DatagridRowProps) {
  const { edits } = usePreliminaryEdits();
  const record = useRecordContext<PreliminaryDaysRecord>();
  const dirty = record ? rowState(record, edits).dirty : false;
  return <DatagridRow {...props} data-dirty={dirty ? 'true' : undefined} sx={dirty ? dirtyRowSx : undefined} />;
}

/** The inline input of a row's preliminary days, with its message while the text is not a valid number of days. */
export function PreliminaryDaysInput() {
  const record = useRecordContext<PreliminaryDaysRecord>();
  const translate = useTranslate();
  const { edits, change, saving } = usePreliminaryEdits();
  if (!record) return null;
  const row = rowState(record, edits);
  return (
    <TextField
      type="number"
      size="small"
      variant="outlined"
      value={row.text}
      disabled={saving}
      error={Boolean(row.error)}
      helperText={row.error ? translate(row.error) : undefined}
      onChange={(event) => change(record.id, event.target.value)}
      onClick={(event) => event.stopPropagation()}
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
  );
}
