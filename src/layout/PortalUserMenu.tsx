import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Box, Divider, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { useGetIdentity, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { useAvatarImage } from '../components/useAvatarImage';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

const ProfileItem = forwardRef<HTMLAnchorElement>((_props, ref) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/home/app/profile" ref={ref} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('TOPBAR.Profile')}</ListItemText>
    </MenuItem>
  );
});

/** The spec's sign-out is a plain link: the server ends the session and returns to the login page. */
const SignOutItem = forwardRef<HTMLAnchorElement>((_props, ref) => {
  const translate = useTranslate();
  return (
    <MenuItem component="a" href="/Account/SignOut" ref={ref}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('TOPBAR.Logout')}</ListItemText>
    </MenuItem>
  );
});

/** `onBar`: drawn on the coloured top bar, so it takes the bar's colours. */
export function UserAvatar({ size = 32, onBar = false }: { size?: number; onBar?: boolean }) {
  const { identity } = useGetIdentity();
  const name = String(identity?.fullName ?? '');
  const image = useAvatarImage(identity?.avatar);
  return (
    // On the bar the avatar is decoration inside the button that shows and names the user: its initials are drawn by
    // CSS there, so they do not join the button's visible text (WCAG 2.5.3, label in name).
    <Avatar src={image} alt={onBar ? '' : name} aria-hidden={onBar || undefined} data-initials={onBar && !image ? initials(name) : undefined} sx={[
        { width: size, height: size, fontSize: size * 0.42, bgcolor: 'primary.light' },
        // Darker than the bar, so that the white initials keep WCAG AA contrast on both bar colours.
        onBar && { bgcolor: 'rgba(0,0,0,0.28)', color: 'inherit', border: '1px solid rgba(255,255,255,0.5)', '&::after': { content: 'attr(data-initials)' } },
      ]}>
      {onBar ? <span /> : initials(name)}
    </Avatar>
  );
}

export function PortalUserMenu() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return (
    // The button shows the user's name on wide screens: its accessible name starts with that visible text (WCAG 2.5.3).
    <UserMenu icon={<UserAvatar onBar />} label={identity?.fullName ? `${identity.fullName} – ${translate('TOPBAR.UserMenu')}` : translate('TOPBAR.UserMenu')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, minWidth: 220 }}>
        <UserAvatar size={44} />
        <Box>
          <Typography variant="subtitle1" sx={{ lineHeight: 1.2 }}>
            {identity?.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="menu-login-name">
            {identity?.login as string}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <ProfileItem />
      <SignOutItem />
    </UserMenu>
  );
}
