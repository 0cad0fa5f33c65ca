import { keyframes } from '@emotion/react';
import { Notification } from 'react-admin';

export const TOAST_DURATION_MS = 5000;
const shrink = keyframes`from { transform: scaleX(1); } to { transform: scaleX(0); }`;

/** Toasts bottom-left, 600 ms ease, with a bar showing the time left. */
export function PortalNotification() {
  return (
    <Notification
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={TOAST_DURATION_MS}
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
