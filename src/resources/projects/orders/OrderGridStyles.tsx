import { GlobalStyles } from '@mui/material';
import { memo } from 'react';
import { ORDER_GRID_CLASS, orderGridCss } from './orderTableSx';

/**
 * The order tables' look as one global rule for `.order-grid`: rendered once per page (memo, no props), so
 * typing in a cell does not serialise the table's styles again — that alone cost milliseconds per key.
 */
export const OrderGridStyles = memo(function OrderGridStyles() {
  return <GlobalStyles styles={(theme) => ({ [`.${ORDER_GRID_CLASS}`]: orderGridCss(theme) })} />;
});
