import CampaignIcon from '@mui/icons-material/Campaign';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import FactoryIcon from '@mui/icons-material/Factory';
import StorefrontIcon from '@mui/icons-material/Storefront';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import NewspaperOutlinedIcon from '@mui/icons-material/NewspaperOutlined';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import { workflowAvailable } from '../domain/tasks';
import { useSearchAvailability } from '../resources/search/useSearchAvailability';
import { Divider, ListSubheader } from '@mui/material';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { Menu, useCanAccess, useGetIdentity, useSidebarState, useTranslate, type MenuProps } from 'react-admin';

function CommonEntries() {
  const translate = useTranslate();
  const { data: searchAvailable } = useSearchAvailability();
  const { identity } = useGetIdentity();
  return (
    <>
      <Menu.Item to="/home/app/dash" primaryText={translate('MENU.Dashboard')} leftIcon={<DashboardIcon />} />
      <Menu.Item to="/home/app/task-list" primaryText={translate('MENU.MyTasks')} leftIcon={<AssignmentOutlinedIcon />} />
      <Menu.Item to="/home/app/current-projects-list" primaryText={translate('MENU.CurrentProjects')} leftIcon={<WorkOutlinedIcon />} />
      <Menu.Item to="/home/app/closed-projects-list" primaryText={translate('MENU.ClosedProjects')} leftIcon={<Inventory2OutlinedIcon />} />
      <Menu.Item to="/home/app/news" primaryText={translate('MENU.News')} leftIcon={<NewspaperOutlinedIcon />} />
      {workflowAvailable(identity as { isInternal: boolean; isAdmin: boolean } | undefined) && (
        <Menu.Item to="/home/app/project/workflows" primaryText={translate('MENU.Workflows')} leftIcon={<AccountTreeOutlinedIcon />} />
      )}
      {searchAvailable && <Menu.Item to="/home/app/project/search" primaryText={translate('SEARCH.Menu')} leftIcon={<SearchIcon />} />}
      <Menu.Item to="/home/app/profile" primaryText={translate('MENU.Profile')} leftIcon={<PersonIcon />} />
    </>
  );
}

/** The administration entries, in the order staff look for them. */
const ADMIN_ENTRIES: { to: string; label: string; icon: ReactElement }[] = [
  { to: '/home/app/admin/banner-notifications', label: 'MENU.BannerNotifications', icon: <CampaignIcon /> },
  { to: '/home/app/admin/users', label: 'USERS.Menu', icon: <PeopleIcon /> },
  { to: '/home/app/admin/tenants', label: 'ADMIN.Menu.Tenants', icon: <BusinessIcon /> },
  { to: '/home/app/admin/salesorganisations', label: 'ADMIN.Menu.SalesOrgs', icon: <StorefrontIcon /> },
  { to: '/home/app/admin/plants', label: 'ADMIN.Menu.Plants', icon: <FactoryIcon /> },
  { to: '/home/app/admin/producttypes', label: 'ADMIN.Menu.ProductTypes', icon: <CategoryIcon /> },
  { to: '/home/app/admin/projectfeatures', label: 'MENU.ProjectFeatures', icon: <ToggleOnIcon /> },
  { to: '/home/app/admin/preliminary-days', label: 'PRELIMINARY.Menu', icon: <EventRepeatIcon /> },
  { to: '/home/app/admin/aacproducts', label: 'CATALOGUE.Aac.Menu', icon: <ViewQuiltIcon /> },
  { to: '/home/app/admin/lintelproducts', label: 'CATALOGUE.Lintel.Menu', icon: <HorizontalRuleIcon /> },
  { to: '/home/app/admin/mails', label: 'MENU.Outbox', icon: <MailIcon /> },
];

/** Configurers' entries (the questionnaire sheet editor); shown to whoever the permission module lets in. */
function ConfigurationEntries() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccess({ resource: 'questionnaire-sheets', action: 'list' });
  if (!canAccess) return null;
  return (
    <>
      <Divider />
      {open && <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>{translate('QUESTIONNAIRE_SHEETS.MenuSection')}</ListSubheader>}
      <Menu.Item to="/home/app/questionnaire-sheets" primaryText={translate('QUESTIONNAIRE_SHEETS.Menu')} leftIcon={<DynamicFormIcon />} data-testid="menu-questionnaire-sheets" />
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
      <ConfigurationEntries />
      {isAdmin && (
        <>
          <Divider />
          {open && <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>{translate('MENU.Administration')}</ListSubheader>}
          {ADMIN_ENTRIES.map((entry) => (
            <Menu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={entry.icon} />
          ))}
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
