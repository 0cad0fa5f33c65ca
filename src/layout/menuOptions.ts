import type { ReactElement } from 'react';

/** Where an entry sits in the menu: the common part, the configurers' part, the administration. */
export type MenuSection = 'main' | 'configuration' | 'admin';

/** A menu entry a resource definition (its `options.menu`) or a custom page asks for. */
export interface MenuEntryOption {
  section: MenuSection;
  /** Entries are sorted by this within their section. */
  order: number;
  /** A translation key. */
  label: string;
  /** Path under /home/app; a resource's own list path when left out. */
  to?: string;
  /** The resource's icon when left out. */
  icon?: ReactElement;
  testId?: string;
  /** A hook: false hides the entry (beyond the permission check), e.g. the search without AdvancedSearch. */
  useVisible?: () => boolean;
}

/** The `options` of the portal's resource definitions. */
export interface PortalResourceOptions {
  /** The resource's name in titles, a translation key. */
  label?: string;
  menu?: MenuEntryOption[];
}
