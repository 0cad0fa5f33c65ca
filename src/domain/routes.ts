// Routes the app's shell needs at start (App.tsx, the menus), kept apart from the modules with their form rules:
// the first load then carries no zod. The owning modules re-export them. (Resource names: ./resources.ts.)

/** The planning screen of a root project (product types, plants, order numbers). */
export const PLANNING_PATH = '/project/planning/:rootId';
export const planningPagePath = (rootId: number) => `/home/app/project/planning/${rootId}`;

/** Where the create form lives (react-admin resource `projects`, view `create`). */
export const ROOT_PROJECT_CREATE_PATH = '/project/create';

/** The structure page of a root (under the app's basename). */
export const structurePagePath = (rootId: number | string) => `/home/app/project/structure/${rootId}`;
/** The delivery overview of a root (under the app's basename). */
export const deliveryOverviewPath = (rootId: number) => `/home/app/project/delivery-overview/${rootId}`;
