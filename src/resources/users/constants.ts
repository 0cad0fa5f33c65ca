import { USERS_RESOURCE } from '../../domain/resources';
export const USERS_LIST_PATH = `/home/app/${USERS_RESOURCE}`;
