import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../domain/format';
import { usePortalDataProvider } from '../../providers/dataProvider';
import type { PortalNotification } from '../../providers/methods/live';
import { NOTIFICATIONS_QUERY } from './liveInvalidation';

function unitPath(item: PortalNotification): string | null {
  if (!item.rootProjectUnitID) return null;
  return item.projectUnitID && item.projectUnitID !== item.rootProjectUnitID
    ? `/project/details/${item.rootProjectUnitID}/${item.projectUnitID}`
    : `/project/details/${item.rootProjectUnitID}`;
}

/** The bell of the top bar: the person's notifications, the unread ones counted; opening one marks it read. */
export function NotificationBell() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({ queryKey: NOTIFICATIONS_QUERY, queryFn: () => dataProvider.getNotifications() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY });
  const markRead = useMutation({ mutationFn: (id: number) => dataProvider.markNotificationRead(id), onSettled: refresh });
  const markAll = useMutation({ mutationFn: () => dataProvider.markAllNotificationsRead(), onSettled: refresh });
  const unread = data?.unread ?? 0;
  const label = translate('NOTIFICATIONS.Bell', { count: unread });
  const openItem = (item: PortalNotification) => {
    setAnchor(null);
    if (!item.read) markRead.mutate(item.id);
    const path = unitPath(item);
    if (path) navigate(path);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)} data-testid="notification-bell">
          <Badge variant="dot" invisible={!unread} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}>
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('NOTIFICATIONS.Title')}
          </Typography>
          <Button size="small" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
            {translate('NOTIFICATIONS.MarkAllRead')}
          </Button>
        </Box>
        <Divider />
        {!data?.items.length && (
          <MenuItem disabled>
            <ListItemText primary={translate('NOTIFICATIONS.Empty')} />
          </MenuItem>
        )}
        {data?.items.map((item) => (
          <MenuItem key={item.id} onClick={() => openItem(item)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }} data-testid="notification-item">
            <ListItemText
              primary={translate(`NOTIFICATIONS.Kinds.${item.kind}`, { ...item.params, state: translate(`STATES.${item.params.state}`) })}
              secondary={`${formatDateTime(item.createdAt, locale)}${item.read ? '' : ` · ${translate('NOTIFICATIONS.Unread')}`}`}
              slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
