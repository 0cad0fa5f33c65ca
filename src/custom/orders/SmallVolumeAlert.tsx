import { Alert, AlertTitle } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { isSmallVolume } from '../../domain/orders';

export interface SmallVolumeAlertProps {
  totalPallets: number;
  /** AAC orders show an error box, lintel orders a warning (spec §8). */
  severity?: 'error' | 'warning';
  /** Title and text keys; both get %{pallets}. */
  titleKey?: string;
  textKey?: string;
}

/** The small-volume box: shown exactly when isSmallVolume(total pallets) (spec §8, DECISIONS.md Orders). */
export const SmallVolumeAlert = memo(function SmallVolumeAlert({ totalPallets, severity = 'error', titleKey = 'ORDERS.SmallVolume1', textKey = 'ORDERS.SmallVolume2' }: SmallVolumeAlertProps) {
  const translate = useTranslate();
  if (!isSmallVolume(totalPallets)) return null;
  return (
    <Alert severity={severity} data-testid="small-volume" role="alert">
      <AlertTitle>{translate(titleKey, { pallets: totalPallets })}</AlertTitle>
      {translate(textKey, { pallets: totalPallets })}
    </Alert>
  );
});
