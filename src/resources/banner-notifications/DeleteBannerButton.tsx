import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { BannerNotification } from '../../domain/banner';
import { BANNER_RESOURCE } from '../../domain/resources';

/** Delete after a confirm dialog that names the notification; Ok and Abort. */
export function DeleteBannerButton() {
  const record = useRecordContext<BannerNotification>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  if (!record) return null;
  const confirm = () =>
    deleteOne(
      BANNER_RESOURCE,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('BANNER.Deleted', { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  return (
    <>
      <Tooltip title={translate('BANNER.Delete')}>
        <IconButton
          size="small"
          color="error"
          aria-label={`${translate('BANNER.Delete')}: ${record.title}`}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="BANNER.DeleteTitle"
        content="BANNER.DeleteText"
        translateOptions={{ title: record.title }}
        confirm="BANNER.Ok"
        cancel="BANNER.Abort"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
