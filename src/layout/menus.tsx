import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import DashboardIcon from '@mui/icons-material/Dashboard';
import NewspaperOutlinedIcon from '@mui/icons-material/NewspaperOutlined';
import PersonIcon from '@mui/icons-material/Person';
import { Divider, ListSubheader } from '@mui/material';
import { createElement, Fragment } from 'react';
import { Menu, useCanAccess, useResourceDefinitions, useSidebarState, useTranslate, type MenuProps } from 'react-admin';
import type { MenuEntryOption, MenuSection, PortalResourceOptions } from './menuOptions';
import { QUESTIONNAIRE_SHEETS_RESOURCE, WORKFLOW_DEFINITION_RESOURCE, WORKFLOW_ROWS_RESOURCE } from '../domain/resources';

/** A menu entry with the permission that shows it (react-admin's canAccess, i.e. the domain's rules). */
interface MenuEntry extends Omit<MenuEntryOption, 'to'> {
  to: string;
  key: string;
  access?: { resource: string; action: string };
}

/** The custom pages' entries; everything else comes from the resource definitions (their `options.menu`). */
const PAGE_ENTRIES: MenuEntry[] = [
  { key: 'dash', section: 'main', order: 10, label: 'MENU.Dashboard', to: '/dash', icon: <DashboardIcon /> },
  { key: 'news', section: 'main', order: 50, label: 'MENU.News', to: '/news', icon: <NewspaperOutlinedIcon /> },
  // The provider's staff: the permission of the page's delayed-workflows list.
  { key: 'workflows', section: 'main', order: 60, label: 'MENU.Workflows', to: '/project/workflows', icon: <AccountTreeOutlinedIcon />, access: { resource: WORKFLOW_ROWS_RESOURCE, action: 'list' } },
  { key: 'workflow-editor', section: 'configuration', order: 120, label: 'MENU.WorkflowEditor', testId: 'menu-workflow-editor', to: '/workflow-editor', icon: <AccountTreeOutlinedIcon />, access: { resource: WORKFLOW_DEFINITION_RESOURCE, action: 'edit' } },
  { key: 'profile', section: 'main', order: 80, label: 'MENU.Profile', to: '/profile', icon: <PersonIcon /> },
];

/** Sections after the common part, each under a heading, shown to whoever may enter it. */
const SECTIONS: { section: Exclude<MenuSection, 'main'>; heading: string; access: { resource: string; action: string } }[] = [
  { section: 'configuration', heading: 'QUESTIONNAIRE_SHEETS.MenuSection', access: { resource: QUESTIONNAIRE_SHEETS_RESOURCE, action: 'list' } },
  { section: 'admin', heading: 'MENU.Administration', access: { resource: 'admin', action: 'list' } },
];

/** The menu entries of the resource definitions and the custom pages, in their sections' order. */
function useMenuEntries(): MenuEntry[] {
  const definitions = useResourceDefinitions<PortalResourceOptions>();
  const fromResources = Object.values(definitions).flatMap((definition) =>
    (definition.options?.menu ?? []).map((entry, index) => ({
      ...entry,
      key: `${definition.name}-${index}`,
      to: entry.to ?? `/${definition.name}`,
      icon: entry.icon ?? (definition.icon ? createElement(definition.icon) : undefined),
      access: { resource: definition.name, action: 'list' },
    })),
  );
  return [...PAGE_ENTRIES, ...fromResources].sort((a, b) => a.order - b.order);
}

const alwaysVisible = () => true;

function MenuEntryItem({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  const { canAccess = !entry.access } = useCanAccess({ resource: entry.access?.resource ?? 'menu', action: entry.access?.action ?? 'list', enabled: !!entry.access });
  const visible = (entry.useVisible ?? alwaysVisible)();
  if (!canAccess || !visible) return null;
  return <Menu.Item to={`/home/app${entry.to}`} primaryText={translate(entry.label)} leftIcon={entry.icon} data-testid={entry.testId} />;
}

function MenuSectionEntries({ heading, access, entries }: { heading: string; access: { resource: string; action: string }; entries: MenuEntry[] }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccess(access);
  if (!canAccess || !entries.length) return null;
  return (
    <>
      <Divider role="separator" />
      {/* Inside the menu (role "menu") only menu items may be owned: the heading is presentation for assistive technology. */}
      {open && (
        <ListSubheader role="presentation" sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
          {translate(heading)}
        </ListSubheader>
      )}
      {entries.map((entry) => (
        <MenuEntryItem key={entry.key} entry={entry} />
      ))}
    </>
  );
}

/**
 * The menu, built from the resource definitions (App.tsx) and the custom pages: the common entries, then the
 * configurers' and the administrators' sections for whoever may enter them.
 */
export function PortalMenu(props: MenuProps) {
  const entries = useMenuEntries();
  return (
    <Menu {...props}>
      {entries
        .filter((entry) => entry.section === 'main')
        .map((entry) => (
          <MenuEntryItem key={entry.key} entry={entry} />
        ))}
      {SECTIONS.map((section) => (
        <Fragment key={section.section}>
          <MenuSectionEntries heading={section.heading} access={section.access} entries={entries.filter((entry) => entry.section === section.section)} />
        </Fragment>
      ))}
    </Menu>
  );
}
