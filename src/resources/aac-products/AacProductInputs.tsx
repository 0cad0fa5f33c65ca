import { Box } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { AAC_LENGTH_STEP_MM, AAC_PRODUCT_NOS, DIMENSION_MAX_MM, UNITS_PER_PALLET_MAX } from '../../domain/catalogue';
import { useTenantChoices } from './catalogueShared';

/** The fields of an AAC product, shared by Create and Edit. */
export function AacProductInputs() {
  const { choices, isPending } = useTenantChoices();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
      <SelectInput source="tenantID" choices={choices} translateChoice={false} isPending={isPending} isRequired fullWidth />
      <SelectInput
        source="productNo"
        choices={AAC_PRODUCT_NOS.map((productNo) => ({ id: productNo, name: String(productNo) }))}
        translateChoice={false}
        helperText="CATALOGUE.Aac.ProductNoHint"
        isRequired
        fullWidth
      />
      <TextInput source="articleNo" isRequired fullWidth slotProps={{ htmlInput: { maxLength: 40 } }} />
      <TextInput source="value" isRequired fullWidth helperText="CATALOGUE.ValueHint" slotProps={{ htmlInput: { maxLength: 60 } }} />
      <TextInput source="title" isRequired fullWidth sx={{ gridColumn: '1 / -1' }} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <NumberInput source="thickness" isRequired fullWidth min={1} max={DIMENSION_MAX_MM} step={1} />
      <NumberInput source="width" isRequired fullWidth min={1} max={DIMENSION_MAX_MM} step={1} />
      <NumberInput source="minLength" isRequired fullWidth min={AAC_LENGTH_STEP_MM} max={DIMENSION_MAX_MM} step={AAC_LENGTH_STEP_MM} helperText="CATALOGUE.Aac.LengthHint" />
      <NumberInput source="maxLength" isRequired fullWidth min={AAC_LENGTH_STEP_MM} max={DIMENSION_MAX_MM} step={AAC_LENGTH_STEP_MM} helperText="CATALOGUE.Aac.LengthHint" />
      <NumberInput source="unitsPerPallet" isRequired fullWidth min={1} max={UNITS_PER_PALLET_MAX} step={1} />
      <NumberInput source="price" fullWidth min={0} step={0.01} parse={(value: string) => (value === '' || value === null ? null : Number(value))} />
      <BooleanInput source="active" />
    </Box>
  );
}
