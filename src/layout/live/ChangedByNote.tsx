import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../domain/format';
import type { LastChange } from './useLastChange';

/** "Changed by … at …": the last change someone else made to the open page (useLastChange). */
export function ChangedByNote({ change }: { change: LastChange | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!change) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" data-testid="changed-by">
      {translate('LIVE.ChangedBy', { name: change.actor.name, when: formatDateTime(change.at, locale) })}
    </Typography>
  );
}
