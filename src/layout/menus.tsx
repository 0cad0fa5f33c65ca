import CampaignIcon from '@mui/icons-material/Campaign';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchAvailability } from '../custom/project/search/useSearchAvailability';
import { Divider, ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate, type MenuProps } from 'react-admin';

function CommonEntries() {
  const translate = useTranslate();
  const { data: searchAvailable } = useSearchAvailability();
  return (
    <>
      <Menu.Item to="/home/app/dash" primaryText={translate('MENU.Dashboard')} leftIcon={<DashboardIcon />} />
      {searchAvailable && <Menu.Item to="/home/app/project/search" primaryText={translate('SEARCH.Menu')} leftIcon={<SearchIcon />} />}
      <Menu.Item to="/home/app/profile" primaryText={translate('MENU.Profile')} leftIcon={<PersonIcon />} />
    </>
  );
}

/** Staff layout menu: everything, including Administration for administrators. */
export function StaffMenu({ isAdmin, ...props }: MenuProps & { isAdmin: boolean }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <Menu {...props}>
      <CommonEntries />
      {isAdmin && (
        <>
          <Divider />
          {open && <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>{translate('MENU.Administration')}</ListSubheader>}
          <Menu.Item
            to="/home/app/admin/banner-notifications"
            primaryText={translate('MENU.BannerNotifications')}
            leftIcon={<CampaignIcon />}
          />
        </>
      )}
    </Menu>
  );
}

/** Customer portal menu: no administration entries. */
export function CustomerMenu(props: MenuProps) {
  return (
    <Menu {...props}>
      <CommonEntries />
    </Menu>
  );
}
