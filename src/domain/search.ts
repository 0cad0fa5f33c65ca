import type { UnitType } from './projectUnits';

/** The tenant feature that switches the project search on (spec §6). */
export const ADVANCED_SEARCH_FEATURE = 'AdvancedSearch';
/** The search's API name (declared in ./resources with the others; the server's route reads it here). */
export { SEARCH_RESOURCE } from './resources';
export const SEARCH_PATH = '/project/search';
export const SEARCH_PAGE_SIZES = [10, 20, 50] as const;
export const SEARCH_DEBOUNCE_MS = 300;

/** A row of the search table (`GET api/data/planxchange/projectunitssearch`). */
export interface ProjectSearchRecord {
  id: number;
  projectUnitID: number;
  rootProjectUnitID: number;
  title: string;
  projectUnitNo: string;
  projectUnitType: UnitType;
  productType: string | null;
  productTypeID: number | null;
  productTypeBGColor: string | null;
  productTypeTextColor: string | null;
  plant: string | null;
  plantID: number | null;
  orderNumber: string | null;
  /** Where the unit sits: its project's title, and its parent's unless the parent is the project (null for a project). */
  rootTitle: string | null;
  parentTitle: string | null;
}

/** "Schule am Stadtpark › Wandelemente Klassentrakt": the context that tells two "Bauabschnitt 1" apart. */
export function searchContext(record: Pick<ProjectSearchRecord, 'rootTitle' | 'parentTitle'>): string {
  return [record.rootTitle, record.parentTitle].filter((title): title is string => !!title).join(' › ');
}

/** The search is offered when at least one of the user's tenants has AdvancedSearch. */
export function canUseProjectSearch(tenantsFeatures: string[][]): boolean {
  return tenantsFeatures.some((features) => features.includes(ADVANCED_SEARCH_FEATURE));
}

/** Where a search row leads: the root's own details, or the unit under its root. */
export function unitDetailsPath(unit: Pick<ProjectSearchRecord, 'projectUnitID' | 'rootProjectUnitID'>): string {
  const base = '/home/app/project/details';
  return unit.projectUnitID === unit.rootProjectUnitID ? `${base}/${unit.projectUnitID}` : `${base}/${unit.rootProjectUnitID}/${unit.projectUnitID}`;
}
