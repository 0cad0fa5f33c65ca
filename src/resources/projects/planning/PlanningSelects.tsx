import { MenuItem, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { PlanningData } from '../../../domain/assignments';
import { ProductTypeChip } from '../ProductTypeChip';

interface SelectProps {
  value: number | null;
  onChange: (value: number | null) => void;
  /** The accessible name (the unit's title is part of it in the rows). */
  label: string;
  /** What "no value" means here: none, the default plant, or leave as it is (bulk bar). */
  emptyLabel: string;
  disabled?: boolean;
  error?: string;
  showLabel?: boolean;
  testId: string;
}

const toValue = (text: string) => (text === '' ? null : Number(text));

function EmptyText({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
      {children}
    </Typography>
  );
}

/** A select of ids whose options and chosen value show `node`; the empty option means `emptyLabel`. */
function IdSelect({ options, optionTestId, value, onChange, label, emptyLabel, disabled, error, showLabel, testId }: SelectProps & { options: { id: number; node: ReactNode }[]; optionTestId?: string }) {
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      fullWidth
      label={showLabel ? label : undefined}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(toValue(event.target.value))}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      data-testid={testId}
      slotProps={{
        select: { displayEmpty: true, renderValue: (selected) => (selected === '' ? <EmptyText>{emptyLabel}</EmptyText> : options.find((option) => option.id === Number(selected))?.node) },
        htmlInput: { 'aria-label': label },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">
        <EmptyText>{emptyLabel}</EmptyText>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)} data-testid={optionTestId}>
          {option.node}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A product type select whose options and value are the product types' colour chips. */
export function ProductTypeSelect({ productTypes, ...props }: SelectProps & { productTypes: PlanningData['productTypes'] }) {
  const options = productTypes.map((type) => ({
    id: type.id,
    node: <ProductTypeChip productType={type.title} productTypeID={type.id} productTypeBGColor={type.bgColor} productTypeTextColor={type.textColor} />,
  }));
  return <IdSelect {...props} options={options} optionTestId="product-type-option" />;
}

/** A plant select; without a plant the sales organisation's default plant applies. */
export function PlantSelect({ plants, ...props }: SelectProps & { plants: PlanningData['plants'] }) {
  const options = plants.map((plant) => ({
    id: plant.id,
    node: (
      <Typography component="span" variant="body2">
        {plant.name}
      </Typography>
    ),
  }));
  return <IdSelect {...props} options={options} />;
}
