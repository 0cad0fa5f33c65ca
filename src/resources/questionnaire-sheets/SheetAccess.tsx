import { LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { AccessDenied, useCanAccess } from 'react-admin';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

/**
 * The sheet pages are for configurers (canAccess from src/domain): anyone else sees react-admin's access-denied page
 * at the same address, and no request is sent that the API would refuse with 403.
 */
export function SheetAccess({ action, children }: { action: 'list' | 'edit'; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: QUESTIONNAIRE_SHEETS_RESOURCE, action });
  if (isPending) return <LinearProgress sx={{ mt: 2 }} />;
  if (!canAccess) return <AccessDenied />;
  return children;
}
