import { MenuItem, TextField, Typography } from '@mui/material';
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

/** A product type select whose options and value are the product types' colour chips. */
export function ProductTypeSelect({ productTypes, value, onChange, label, emptyLabel, disabled, error, showLabel, testId }: SelectProps & { productTypes: PlanningData['productTypes'] }) {
  const chip = (id: number) => {
    const type = productTypes.find((candidate) => candidate.id === id);
    return type ? <ProductTypeChip productType={type.title} productTypeID={type.id} productTypeBGColor={type.bgColor} productTypeTextColor={type.textColor} /> : null;
  };
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
        select: { displayEmpty: true, renderValue: (selected) => (selected === '' ? <EmptyText>{emptyLabel}</EmptyText> : chip(Number(selected))) },
        htmlInput: { 'aria-label': label },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">
        <EmptyText>{emptyLabel}</EmptyText>
      </MenuItem>
      {productTypes.map((type) => (
        <MenuItem key={type.id} value={String(type.id)} data-testid="product-type-option">
          {chip(type.id)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A plant select; without a plant the sales organisation's default plant applies. */
export function PlantSelect({ plants, value, onChange, label, emptyLabel, disabled, error, showLabel, testId }: SelectProps & { plants: PlanningData['plants'] }) {
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
        select: { displayEmpty: true, renderValue: (selected) => (selected === '' ? <EmptyText>{emptyLabel}</EmptyText> : <Typography component="span" variant="body2">{plants.find((plant) => plant.id === Number(selected))?.name}</Typography>) },
        htmlInput: { 'aria-label': label },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">
        <EmptyText>{emptyLabel}</EmptyText>
      </MenuItem>
      {plants.map((plant) => (
        <MenuItem key={plant.id} value={String(plant.id)}>
          {plant.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
