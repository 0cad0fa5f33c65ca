import { Box, Chip, TextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useInput, useTranslate } from 'react-admin';
import { HEX_COLOR } from '../../domain/masterData';
import { readableTextColour } from '../../domain/contrast';

/** A `#rrggbb` text field with the browser's colour picker beside it. */
export function ColorInput({ source }: { source: 'bgColor' | 'textColor' }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  const label = translate(`resources.admin/producttypes.fields.${source}`);
  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
      <TextField
        {...field}
        value={value}
        id={`color-${source}`}
        label={label}
        required={isRequired}
        size="small"
        error={Boolean(error)}
        helperText={error ? translate(error) : ' '}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
      />
      <Box
        component="input"
        type="color"
        aria-label={translate('ADMIN.ProductTypes.PickColor', { field: label })}
        value={HEX_COLOR.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
        sx={{ width: 44, height: 40, p: 0, border: 'none', background: 'none', cursor: 'pointer' }}
      />
    </Box>
  );
}

/** The product type as units show it: its title on its colours (the form's current values). */
export function ProductTypeChipPreview() {
  const translate = useTranslate();
  const [title, bgColor, textColor] = useWatch({ name: ['title', 'bgColor', 'textColor'] }) as [string?, string?, string?];
  const valid = HEX_COLOR.test(bgColor ?? '') && HEX_COLOR.test(textColor ?? '');
  return (
    <Box sx={{ mb: 2 }}>
      <Chip
        label={title?.trim() || translate('ADMIN.ProductTypes.PreviewTitle')}
        data-testid="product-type-preview"
        // As units will show it: a text colour below AA contrast gives way to black or white.
        sx={valid ? { bgcolor: bgColor, color: readableTextColour(textColor ?? null, bgColor ?? null) ?? undefined, fontWeight: 600 } : { fontWeight: 600 }}
      />
    </Box>
  );
}
