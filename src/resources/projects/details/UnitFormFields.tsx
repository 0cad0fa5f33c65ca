import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { UnitType } from '../../../domain/projectUnits';
import { CalendarDateField } from '../../../forms/widgets/CalendarDateField';

export interface UnitFormValues {
  title: string;
  notes: string;
  deliveryDate: string;
  projectUnitTypeVariant: 'aac_elements' | 'lintel' | 'other';
}

const DATED: UnitType[] = ['approvallot', 'aacorderlot', 'lintelorderlot'];
const today = () => new Date().toISOString().slice(0, 10);

/** Title, notes and, where the type has them, the planned delivery date and the subproject's kind. */
export function UnitFormFields({
  type,
  register,
  control,
  errors,
  titleProblem,
  showVariant,
}: {
  type: UnitType;
  register: UseFormRegister<UnitFormValues>;
  control: Control<UnitFormValues>;
  errors: FieldErrors<UnitFormValues>;
  titleProblem?: string;
  showVariant: boolean;
}) {
  const translate = useTranslate();
  const titleError = titleProblem ?? (errors.title?.message ? String(errors.title.message) : undefined);
  return (
    <>
      <TextField
        {...register('title')}
        label={translate('PROJECTUNIT.Title')}
        required
        fullWidth
        autoFocus
        margin="dense"
        error={Boolean(titleError)}
        helperText={titleError ? translate(titleError, { _: titleError }) : ' '}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {showVariant && (
        <TextField {...register('projectUnitTypeVariant')} select label={translate('PROJECTUNIT.Variant')} fullWidth margin="dense" defaultValue="other">
          {(['other', 'aac_elements', 'lintel'] as const).map((variant) => (
            <MenuItem key={variant} value={variant}>
              {translate(`PROJECTUNIT.VariantName.${variant}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {DATED.includes(type) && (
        <Controller
          name="deliveryDate"
          control={control}
          render={({ field }) => (
            <CalendarDateField
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={today()}
              label={translate('PROJECTUNIT.PlannedDelivery')}
              size="medium"
              margin="dense"
              error={Boolean(errors.deliveryDate)}
              helperText={errors.deliveryDate ? translate(String(errors.deliveryDate.message)) : ' '}
              testId="unit-delivery-date"
            />
          )}
        />
      )}
      <TextField {...register('notes')} label={translate('PROJECTUNIT.Notes')} fullWidth multiline minRows={3} margin="dense" />
    </>
  );
}
