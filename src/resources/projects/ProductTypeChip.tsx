import { Chip, type ChipProps } from '@mui/material';
import { readableTextColour } from '../../domain/contrast';

export interface ProductTypeChipProps {
  productType: string | null;
  productTypeID: number | null;
  productTypeBGColor: string | null;
  productTypeTextColor: string | null;
  /** "Planelemente (3)": the search lists product types with their ids. */
  showId?: boolean;
  size?: ChipProps['size'];
}

/** "name (id)", as the spec lists product type and plant with their ids. */
export function withId(name: string | null, id: number | null): string {
  if (id === null) return '';
  return name ? `${name} (${id})` : `(${id})`;
}

/** A unit's product type on its own colours: one look wherever units are listed (tiles, summary, search, orders). */
export function ProductTypeChip({ productType, productTypeID, productTypeBGColor, productTypeTextColor, showId = false, size = 'small' }: ProductTypeChipProps) {
  if (productTypeID === null) return null;
  return (
    <Chip
      size={size}
      label={showId ? withId(productType, productTypeID) : (productType ?? withId(null, productTypeID))}
      data-testid="product-type-chip"
      sx={{ bgcolor: productTypeBGColor ?? 'grey.300', color: readableTextColour(productTypeTextColor, productTypeBGColor) ?? 'text.primary', fontWeight: 500, maxWidth: '100%' }}
    />
  );
}
