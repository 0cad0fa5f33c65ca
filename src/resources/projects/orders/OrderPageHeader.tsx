import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { unitPageTitle } from '../../../domain/projectUnits';
import { detailsPath } from '../details/projectQueries';
import { ProductTypeChip } from '../ProductTypeChip';
import type { OrderData } from './orderQueries';
import { LotWallsButton } from './LotWallsButton';
import { PlaceOrderButton } from './PlaceOrderButton';

export interface OrderPageHeaderProps {
  /** The page's name (ORDERS.AacTitle, ...). */
  titleKey: string;
  icon: ReactNode;
  /** Undefined while loading. */
  data?: Pick<OrderData<unknown, unknown, unknown>, 'lot' | 'editable' | 'editReason' | 'placeOrder'>;
  unsavedRows: boolean;
  totals: { totalQty: number; totalPallets: number };
}

/**
 * Back link to the lot, the page title with lot and state, the place-order button and why the table is
 * read-only. The totals change with every keystroke: they are read when the order is placed, so the header
 * itself renders again only when the lot or the unsaved rows change.
 */
export function OrderPageHeader({ totals, ...props }: OrderPageHeaderProps) {
  const totalsRef = useRef(totals);
  useEffect(() => {
    totalsRef.current = totals;
  }, [totals]);
  const getTotals = useCallback(() => totalsRef.current, []);
  return <HeaderContent {...props} getTotals={getTotals} />;
}

type HeaderContentProps = Omit<OrderPageHeaderProps, 'totals'> & { getTotals: () => OrderPageHeaderProps['totals'] };

const HeaderContent = memo(function HeaderContent({ titleKey, icon, data, unsavedRows, getTotals }: HeaderContentProps) {
  const translate = useTranslate();
  const title = translate(titleKey);
  const lot = data?.lot;
  const fullTitle = lot ? `${title} – ${unitPageTitle(lot)}` : title;
  return (
    <Box sx={{ mb: 2 }}>
      <Title title={fullTitle} />
      {lot && (
        <Button component={RouterLink} to={detailsPath({ rootProjectUnitID: lot.rootProjectUnitID, projectUnitID: lot.projectUnitID })} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }} data-testid="order-back">
          {translate('ORDERS.Back')}
        </Button>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
            {icon}
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {lot && <Chip size="small" title={translate('ORDERS.State', { state: translate(`STATES.${lot.stateKey}`, { _: lot.stateKey }) })} label={translate(`STATES.${lot.stateKey}`, { _: lot.stateKey })} color={data?.editable ? 'secondary' : 'default'} data-testid="order-state" />}
            {lot?.productTypeID && <ProductTypeChip productType={lot.productType ?? null} productTypeID={lot.productTypeID} productTypeBGColor={lot.productTypeBGColor ?? null} productTypeTextColor={lot.productTypeTextColor ?? null} />}
          </Stack>
          {lot ? (
            <Typography variant="subtitle1" sx={{ mt: 0.5 }} data-testid="order-lot">
              <Typography component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
                {lot.projectUnitNo}
              </Typography>
              {lot.title}
              {lot.parentTitle && (
                <Typography component="span" sx={{ color: 'text.secondary' }}>
                  {` · ${lot.parentTitle}`}
                </Typography>
              )}
            </Typography>
          ) : (
            <Skeleton width={280} />
          )}
        </Box>
        {lot && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <LotWallsButton lot={lot} />
            {data?.placeOrder && <PlaceOrderButton lot={lot} action={data.placeOrder} unsavedRows={unsavedRows} getTotals={getTotals} />}
          </Stack>
        )}
      </Stack>
      {data && !data.editable && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }} data-testid="order-read-only">
          {data.lot.stateKey === 'Ordered'
            ? translate('ORDERS.OrderedReadOnly')
            : data.editReason
              ? translate(data.editReason, { _: translate('ORDERS.ReadOnly') })
              : translate('ORDERS.ReadOnly')}
        </Alert>
      )}
    </Box>
  );
});
