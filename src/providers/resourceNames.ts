import { API_NAME_OF } from '../domain/resources';

/**
 * react-admin resources are named by their path under /home/app (so that a resource's own routes are the spec's
 * paths); the API knows them by these names. Admin resources drop their `admin/` prefix. Both the data provider and
 * the permission checks (authProvider.canAccess) translate through here, so the domain's rules see API names only.
 */
export function apiResource(resource: string): string {
  return API_NAME_OF[resource] ?? resource.replace(/^admin\//, '');
}

/**
 * The name the permission rules see: the API's, except that the administration's routes keep their `admin/` prefix
 * (the domain lets only administrators in there, even where the API lets others read the records).
 */
export function permissionResource(resource: string): string {
  return resource.startsWith('admin/') ? resource : apiResource(resource);
}
