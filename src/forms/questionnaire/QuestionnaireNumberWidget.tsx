import { InputAdornment, TextField } from '@mui/material';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type ChangeEvent } from 'react';

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * A sheet's number control: its unit (`x-unit`, e.g. m³ or t) beside the input, the schema's minimum and maximum
 * as the input's limits, the placeholder (`x-placeholder`). The typed text is kept while typing ("12," or an
 * emptied field do not jump); the form gets a number, or nothing while the field is empty or not a number.
 */
export function QuestionnaireNumberWidget({ id, value, label, hideLabel, required, schema, placeholder, disabled, readonly, rawErrors = [], onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const [text, setText] = useState(asText(value));
  useEffect(() => {
    setText((current) => (current !== '' && Number(current.replace(',', '.')) === value ? current : asText(value)));
  }, [value]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const number = Number(next.replace(',', '.'));
    onChange(next.trim() === '' || !Number.isFinite(number) ? undefined : number);
  };
  const unit = (schema as { 'x-unit'?: string })['x-unit'];
  return (
    <TextField
      id={id}
      fullWidth
      required={required}
      label={labelValue(label || undefined, hideLabel, undefined)}
      placeholder={placeholder}
      value={text}
      autoFocus={autofocus}
      disabled={disabled}
      error={rawErrors.length > 0}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{
        input: { readOnly: readonly, endAdornment: unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined },
        htmlInput: { inputMode: 'decimal', min: schema.minimum, max: schema.maximum, 'data-testid': `number-${id}` },
        // A unit beside the input leaves the label little room: it sits above the input from the start.
        inputLabel: placeholder || unit ? { shrink: true } : undefined,
      }}
    />
  );
}
