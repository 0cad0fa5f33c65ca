import { Alert, AlertTitle } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { showsSmallVolumeNotice } from '../../../domain/orders';

export interface SmallVolumeAlertProps {
  totalPallets: number;
  /** Rows can still change (the lot's order is not placed): otherwise the notice, which asks for a change, is not shown. */
  editable: boolean;
  /** AAC orders show an error box, lintel orders a warning (spec §8). */
  severity?: 'error' | 'warning';
  /** Title and text keys; both get %{pallets}. */
  titleKey?: string;
  textKey?: string;
}

/** The small-volume box: shown exactly when showsSmallVolumeNotice (spec §8, DECISIONS.md Orders, issue #39). */
export const SmallVolumeAlert = memo(function SmallVolumeAlert({ totalPallets, editable, severity = 'error', titleKey = 'ORDERS.SmallVolume1', textKey = 'ORDERS.SmallVolume2' }: SmallVolumeAlertProps) {
  const translate = useTranslate();
  if (!showsSmallVolumeNotice(totalPallets, editable)) return null;
  return (
    <Alert severity={severity} data-testid="small-volume" role="alert">
      <AlertTitle>{translate(titleKey, { pallets: totalPallets })}</AlertTitle>
      {translate(textKey, { pallets: totalPallets })}
    </Alert>
  );
});
