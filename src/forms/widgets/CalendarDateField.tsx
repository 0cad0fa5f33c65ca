import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { deDE, enUS, nlNL } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/nl';
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';

const PICKER_TEXTS = { de: deDE, en: enUS, nl: nlNL } as const;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface CalendarDateFieldProps {
  /** The day as the API stores it (yyyy-mm-dd), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest day that may be chosen (yyyy-mm-dd). */
  min?: string;
  label?: ReactNode;
  /** Names the field where no visible label fits (a table cell). */
  ariaLabel?: string;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  size?: 'small' | 'medium';
  margin?: 'dense' | 'none' | 'normal';
  id?: string;
  onBlur?: () => void;
  onFocus?: () => void;
  autoFocus?: boolean;
  /** data-testid of the field's value input (it carries the stored day as `data-value` and the earliest as `data-min`). */
  testId?: string;
}

const toDay = (value: string): Dayjs | null => (CALENDAR_DAY.test(value) ? dayjs(value) : null);

/**
 * A calendar day written and typed in the user's language (de 05.12.2026, nl 05-12-2026, en 12/05/2026) with a
 * calendar to pick from: the browser's date input would follow the browser's locale, not the user's.
 */
export function CalendarDateField({ value, onChange, min, label, ariaLabel, error, helperText, disabled, size = 'small', margin, id, onBlur, onFocus, autoFocus, testId }: CalendarDateFieldProps) {
  const [locale] = useLocaleState();
  const language = locale in PICKER_TEXTS ? (locale as keyof typeof PICKER_TEXTS) : 'en';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={PICKER_TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}>
      <DatePicker
        value={toDay(value)}
        minDate={min && CALENDAR_DAY.test(min) ? dayjs(min) : undefined}
        onChange={(day) => onChange(day && day.isValid() ? day.format('YYYY-MM-DD') : '')}
        label={label}
        disabled={disabled}
        autoFocus={autoFocus}
        slotProps={{
          textField: {
            id,
            size,
            margin,
            fullWidth: true,
            error,
            helperText,
            onBlur,
            onFocus,
            slotProps: {
              input: ariaLabel ? { 'aria-label': ariaLabel } : undefined,
              htmlInput: { 'data-testid': testId, 'data-value': value, 'data-min': min } as never,
            },
          },
        }}
      />
    </LocalizationProvider>
  );
}
