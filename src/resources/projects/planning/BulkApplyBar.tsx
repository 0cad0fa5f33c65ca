import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PlanningData } from '../../../domain/assignments';
import { PlantSelect, ProductTypeSelect } from './PlanningSelects';
import type { BulkValues } from './usePlanningEdits';

interface BulkApplyBarProps {
  data: PlanningData;
  count: number;
  disabled: boolean;
  onApply: (values: BulkValues) => void;
}

/** Above the grid: with units selected, one product type and/or plant for all of them; else a hint. */
export function BulkApplyBar({ data, count, disabled, onApply }: BulkApplyBarProps) {
  const translate = useTranslate();
  const [values, setValues] = useState<BulkValues>({ productTypeID: null, plantID: null });
  if (!count) {
    return (
      <Box sx={{ px: 2, py: 1.5, minHeight: 64, display: 'flex', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('PLANNING.Bulk.Hint')}
        </Typography>
      </Box>
    );
  }
  const nothingChosen = values.productTypeID === null && values.plantID === null;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ px: 2, py: 1.5, minHeight: 64, alignItems: { md: 'center' }, bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08) }}
      data-testid="bulk-bar"
    >
      <Typography variant="subtitle2" sx={{ minWidth: 140 }} color="primary">
        {translate('PLANNING.Bulk.Selected', { smart_count: count })}
      </Typography>
      <Box sx={{ width: { md: 240 } }}>
        <ProductTypeSelect
          productTypes={data.productTypes}
          value={values.productTypeID}
          onChange={(productTypeID) => setValues((current) => ({ ...current, productTypeID }))}
          label={translate('PLANNING.Columns.ProductType')}
          emptyLabel={translate('PLANNING.Bulk.Keep')}
          disabled={disabled}
          showLabel
          testId="bulk-product-type"
        />
      </Box>
      <Box sx={{ width: { md: 220 } }}>
        <PlantSelect
          plants={data.plants}
          value={values.plantID}
          onChange={(plantID) => setValues((current) => ({ ...current, plantID }))}
          label={translate('PLANNING.Columns.Plant')}
          emptyLabel={translate('PLANNING.Bulk.Keep')}
          disabled={disabled}
          showLabel
          testId="bulk-plant"
        />
      </Box>
      <Button variant="contained" startIcon={<DoneAllIcon />} disabled={disabled || nothingChosen} onClick={() => onApply(values)} data-testid="bulk-apply">
        {translate('PLANNING.Bulk.Apply', { smart_count: count })}
      </Button>
    </Stack>
  );
}
