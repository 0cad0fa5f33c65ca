import { keyframes } from '@emotion/react';
import { useRef } from 'react';
import { Notification, useNotificationContext, type NotificationPayload } from 'react-admin';

export const TOAST_DURATION_MS = 5000;
/** How long a toast stays once a newer one waits behind it. */
export const TOAST_MAKE_WAY_MS = 300;
const shrink = keyframes`from { transform: scaleX(1); } to { transform: scaleX(0); }`;

/**
 * The toast on screen: the one the queue gave up last (react-admin's Notification takes the queue's head when it has
 * none on screen), remembered across renders.
 */
function useToastOnScreen(queue: NotificationPayload[]): NotificationPayload | undefined {
  const seen = useRef<{ queue: NotificationPayload[]; onScreen?: NotificationPayload }>({ queue: [] });
  if (seen.current.queue !== queue) {
    const head = seen.current.queue[0];
    if (head && !queue.includes(head)) seen.current.onScreen = head;
    seen.current.queue = queue;
  }
  return seen.current.onScreen;
}

/**
 * Toasts bottom-left, 600 ms ease, with a bar showing the time left. A toast makes way for a newer one within
 * TOAST_MAKE_WAY_MS instead of staying its five seconds (react-admin queues them: three quick saves put the third
 * "saved" 12 s behind the action, and "The order was placed." appeared 17 s after the click) — except a toast with an
 * Undo button, whose window is not cut short.
 */
export function PortalNotification() {
  const { notifications } = useNotificationContext();
  const onScreen = useToastOnScreen(notifications);
  const makeWay = notifications.length > 0 && !onScreen?.notificationOptions?.undoable;
  return (
    <Notification
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={makeWay ? TOAST_MAKE_WAY_MS : TOAST_DURATION_MS}
      slotProps={{ transition: { timeout: 600 } }}
      sx={{
        '& .MuiSnackbarContent-root': { position: 'relative', overflow: 'hidden' },
        '& .MuiSnackbarContent-root::after': {
          content: '""',
          position: 'absolute',
          left: 0,
          bottom: 0,
          height: 4,
          width: '100%',
          bgcolor: 'rgba(255,255,255,0.7)',
          transformOrigin: 'left',
          animation: `${shrink} ${TOAST_DURATION_MS}ms linear forwards`,
        },
      }}
    />
  );
}
