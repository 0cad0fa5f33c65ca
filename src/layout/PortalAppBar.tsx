import { Typography } from '@mui/material';
import { AppBar, TitlePortal, useTranslate } from 'react-admin';
import { HelpMenu } from './HelpMenu';
import { NotificationBell } from './live/NotificationBell';
import { PortalUserMenu } from './PortalUserMenu';

/** The bar's tools: the bell, then help. */
const BarTools = () => (
  <>
    <NotificationBell />
    <HelpMenu />
  </>
);

export function PortalAppBar({ color }: { color: 'primary' | 'secondary' }) {
  const translate = useTranslate();
  return (
    <AppBar color={color} userMenu={<PortalUserMenu />} toolbar={<BarTools />}>
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, mr: 2, display: { xs: 'none', sm: 'block' } }}>
        {translate('APP.Title')}
      </Typography>
      {/* The page title takes the bar's free width and ends with an ellipsis; its full text shows on hover. */}
      <TitlePortal variant="h6" sx={{ minWidth: 0 }} />
    </AppBar>
  );
}

export const StaffAppBar = () => <PortalAppBar color="primary" />;
export const CustomerAppBar = () => <PortalAppBar color="secondary" />;
