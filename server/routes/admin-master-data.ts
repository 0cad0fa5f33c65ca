import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.js';
import { restResource } from '../lib/rest.js';
import { plantsDefinition, productTypesDefinition } from '../services/master-data.js';

export const plantsResource = restResource(plantsDefinition);

export const productTypesResource = restResource(productTypesDefinition);

/** Administration master data under api/data/planxchange: plants and product types (app.ts mounts the tenants beside them). */
export const masterDataRoutes = new Hono<AppEnv>();
masterDataRoutes.route('/plants', plantsResource);
masterDataRoutes.route('/producttypes', productTypesResource);
