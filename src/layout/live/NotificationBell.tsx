import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Tooltip, Typography } from '@mui/material';
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
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)} data-testid="notification-bell">
          <Badge variant="dot" invisible={!unread} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {/* A dialog-like popover, not a menu: it holds a heading and a button besides the notices (a role="menu" may
          hold menu items only). */}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'notification-title', sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(70vh, 560px)' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" id="notification-title">
            {translate('NOTIFICATIONS.Title')}
          </Typography>
          <Button size="small" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
            {translate('NOTIFICATIONS.MarkAllRead')}
          </Button>
        </Box>
        <Divider />
        <List dense disablePadding>
          {!data?.items.length && (
            <ListItem>
              <ListItemText primary={translate('NOTIFICATIONS.Empty')} />
            </ListItem>
          )}
          {data?.items.map((item) => (
            <ListItem key={item.id} disablePadding>
              <ListItemButton onClick={() => openItem(item)} sx={{ alignItems: 'flex-start' }} data-testid="notification-item">
                <ListItemText
                  primary={translate(`NOTIFICATIONS.Kinds.${item.kind}`, { ...item.params, state: translate(`STATES.${item.params.state}`) })}
                  secondary={`${formatDateTime(item.createdAt, locale)}${item.read ? '' : ` · ${translate('NOTIFICATIONS.Unread')}`}`}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
