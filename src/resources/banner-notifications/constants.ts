import { BANNER_RESOURCE } from '../../domain/resources';
export const BANNER_LIST_PATH = `/home/app/${BANNER_RESOURCE}`;
