import { API_BASE, getJson } from './request';
import { SEARCH_RESOURCE } from '../../domain/resources';

export type DashboardCount = 'taskCount' | 'projectCount' | 'workflowCount';

/** The dashboard's counters and what the menu needs to know about the user's tenants. */
export const dashboardMethods = {
  /** `GET …/dashboard/{taskCount|projectCount|workflowCount}` → `{count}`. */
  getDashboardCount: async (name: DashboardCount) => (await getJson<{ count: number }>(`${API_BASE}/dashboard/${name}`)).count,
  /** Whether the user's tenants offer the project search (tenant feature AdvancedSearch). */
  getSearchAvailability: async () => (await getJson<{ available: boolean }>(`${API_BASE}/${SEARCH_RESOURCE}/availability`)).available,
};
