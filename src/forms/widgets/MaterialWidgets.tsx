import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type ChangeEvent } from 'react';
import type { MaterialType } from '../../domain/structure';
import { CalendarDateField } from './CalendarDateField';
import { useMaterialTypeLabel } from './useMaterialTypeLabel';

/** Label shown above the input, or (in tables, `hideLabel`) only given to screen readers. */
function labelProps(label: string, hideLabel: boolean | undefined) {
  return hideLabel ? { htmlInput: { 'aria-label': label } } : {};
}

/**
 * A number with its unit beside it (`ui:options.unit`, e.g. m³; `step`). The text is kept while typing, so that
 * "12," or an emptied field do not jump; the form gets a number, or nothing while the field is empty.
 */
export function VolumeWidget({ id, value, label, hideLabel, options, schema, disabled, readonly, rawErrors = [], onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (Number(current.replace(',', '.')) === value && current !== '' ? current : value === undefined || value === null ? '' : String(value)));
  }, [value]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const number = Number(next.replace(',', '.'));
    onChange(next.trim() === '' || !Number.isFinite(number) ? undefined : number);
  };
  const { htmlInput, ...slotProps } = labelProps(label, hideLabel);
  return (
    <TextField
      id={id}
      size="small"
      fullWidth
      hiddenLabel={hideLabel}
      type="number"
      label={labelValue(label || undefined, hideLabel, undefined)}
      value={text}
      autoFocus={autofocus}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{
        ...slotProps,
        input: { endAdornment: options.unit ? <InputAdornment position="end">{String(options.unit)}</InputAdornment> : undefined },
        htmlInput: { ...htmlInput, min: schema.minimum ?? 0, step: (options.step as number | undefined) ?? 'any', inputMode: 'decimal' },
      }}
    />
  );
}

/** A calendar date (yyyy-mm-dd) with an earliest day (`ui:options.min`, or the schema's `formatMinimum`). */
export function DeliveryDateWidget({ id, value, label, hideLabel, options, disabled, readonly, rawErrors = [], onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  return (
    <CalendarDateField
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(day) => onChange(day || undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      min={options.min as string | undefined}
      label={hideLabel ? undefined : labelValue(label || undefined, hideLabel, undefined)}
      ariaLabel={hideLabel ? label : undefined}
      autoFocus={autofocus}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      testId={`${id}-date`}
    />
  );
}

/**
 * The material types of the structure (`formContext.rules.materialTypes`, label shown, key stored), or the
 * schema's enum options when the field has them. An unknown stored value stays visible so it can be corrected.
 */
export function MaterialTypeWidget({ id, value, label, hideLabel, options, registry, disabled, readonly, rawErrors = [], onChange, onBlur, onFocus, autofocus }: WidgetProps) {
  const materialTypeLabel = useMaterialTypeLabel();
  const fromContext = (registry.formContext as { rules?: { materialTypes?: MaterialType[] } } | undefined)?.rules?.materialTypes;
  const choices = options.enumOptions?.length
    ? options.enumOptions.map((option) => ({ key: String(option.value), label: option.label }))
    : (fromContext ?? []).map((type) => ({ key: type.key, label: materialTypeLabel(type) }));
  if (value && !choices.some((choice) => choice.key === value)) choices.push({ key: String(value), label: String(value) });
  return (
    <TextField
      id={id}
      select
      size="small"
      fullWidth
      hiddenLabel={hideLabel}
      label={labelValue(label || undefined, hideLabel, undefined)}
      value={value ?? ''}
      autoFocus={autofocus}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      onChange={(event) => onChange(event.target.value || undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{ select: hideLabel ? { SelectDisplayProps: { 'aria-label': label } as object } : undefined }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.key} value={choice.key}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
