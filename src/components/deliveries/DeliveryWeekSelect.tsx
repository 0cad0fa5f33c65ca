import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatIsoWeek, isoWeeksAround } from '../../domain/format';

/** Weeks a drawing job is planned in: from two months back to two years ahead. */
const WEEKS_BACK = 8;
const WEEKS_AHEAD = 104;

/**
 * The CCL delivery week as a choice of calendar weeks written in the user's language ("KW 52/2026"): the browser's
 * week input would show its own locale. The value stays the ISO week ("2026-W52") the API stores.
 */
export function DeliveryWeekSelect({ value, ...props }: Omit<TextFieldProps, 'select' | 'children'> & { value: string }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const weeks = useMemo(() => {
    const around = isoWeeksAround(new Date(), WEEKS_BACK, WEEKS_AHEAD);
    return value && !around.includes(value) ? [value, ...around] : around;
  }, [value]);
  return (
    <TextField {...props} select value={value} slotProps={{ inputLabel: { shrink: true }, select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}>
      <MenuItem value="">
        <em>{translate('DELIVERY.Schedule.NoWeek')}</em>
      </MenuItem>
      {weeks.map((week) => (
        <MenuItem key={week} value={week}>
          {formatIsoWeek(week, locale)}
        </MenuItem>
      ))}
    </TextField>
  );
}
