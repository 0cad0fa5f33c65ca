/** Route and react-admin name of the resource; the data provider drops the `admin/` prefix for the API. */
export const BANNER_RESOURCE = 'admin/banner-notifications';
export const BANNER_LIST_PATH = `/home/app/${BANNER_RESOURCE}`;
