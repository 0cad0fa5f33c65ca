/**
 * The names of the resources declared in App.tsx. A resource routed under /home/app is named by its path there, so
 * that its own routes are the spec's paths (the data provider and canAccess translate them to the API's names,
 * see src/providers/resourceNames.ts); resources shown only inside other pages keep the API's name.
 */
export const PROJECTS_RESOURCE = 'project';
export const PROJECT_SEARCH_RESOURCE = 'project/search';
export const PRELIMINARY_DAYS_RESOURCE = 'admin/preliminary-days';
export const TASKS_RESOURCE = 'task-list';
export const DELIVERY_OVERVIEW_RESOURCE = 'delivery-overview';
export { JOURNAL_RESOURCE } from '../domain/routes';
