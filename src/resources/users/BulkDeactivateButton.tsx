import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { USERS_RESOURCE } from '../../domain/resources';

/** Bulk action: after a confirmation, `POST users/deactivate` with the selected ids; their sessions end at once. */
export function BulkDeactivateButton() {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(USERS_RESOURCE);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;

  const deactivate = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await dataProvider.deactivateUsers(selectedIds.map(Number));
      notify('USERS.Deactivated', { type: 'success', messageArgs: { smart_count: count } });
      unselectAll();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)} disabled={!count}>
        {translate('USERS.Deactivate')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="USERS.DeactivateTitle"
        content="USERS.DeactivateText"
        translateOptions={{ smart_count: count }}
        confirm="USERS.Deactivate"
        confirmColor="warning"
        onConfirm={deactivate}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
