/** Route and react-admin name of the resource; the data provider drops the `admin/` prefix for the API. */
export const USERS_RESOURCE = 'admin/users';
export const USERS_LIST_PATH = `/home/app/${USERS_RESOURCE}`;
/** Built by the master-data administration; until it answers, tenants are shown by id. */
export const TENANTS_RESOURCE = 'admin/tenants';
/** `GET api/data/planxchange/salesorganisations`: administrators see all of them. */
export const SALES_ORGS_RESOURCE = 'salesorganisations';
