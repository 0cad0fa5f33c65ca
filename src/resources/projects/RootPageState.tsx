import { Alert, Button, LinearProgress } from '@mui/material';
import { HttpError, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** A unit id from the route: a positive whole number, else null (the page then shows "not found"). */
export const positiveId = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * What a page below a root shows instead of its content while it cannot show it: "not found" (a bad id or a 404),
 * the page's load error, or progress. Null once the data is there.
 */
export function RootPageState({ rootId, error, loading, loadFailedKey }: { rootId: number | null; error: unknown; loading: boolean; loadFailedKey: string }) {
  const translate = useTranslate();
  if (rootId === null || (error instanceof HttpError && error.status === 404)) {
    return (
      <Alert severity="warning" action={<Button component={RouterLink} to="/home/app/dash">{translate('MENU.Dashboard')}</Button>} data-testid="unit-not-found">
        {translate('PROJECTUNIT.NotFound')}
      </Alert>
    );
  }
  if (error) return <Alert severity="error">{translate(loadFailedKey)}</Alert>;
  if (loading) return <LinearProgress />;
  return null;
}
