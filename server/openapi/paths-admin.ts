import { z } from 'zod';
import { aacProductCreateSchema, aacProductUpdateSchema, lintelProductCreateSchema, lintelProductUpdateSchema } from '../../src/domain/catalogue.js';
import { plantCreateSchema, plantUpdateSchema, productTypeCreateSchema, productTypeUpdateSchema } from '../../src/domain/masterData.js';
import { preliminaryDaysUpdateSchema } from '../../src/domain/preliminaryDays.js';
import { tenantCreateSchema, tenantUpdateSchema } from '../../src/domain/tenants.js';
import { featuresSchema } from '../lib/request-schemas.js';
import { DATA, op, resource } from './registry.js';
import {
  AacProductSchema,
  CatalogueTenant,
  LintelProductSchema,
  PlantRecord,
  PreliminaryDaysRecord,
  ProductTypeRecord,
  ProjectFeaturesRecord,
  TenantCatalogue,
  TenantRecord,
} from './schemas.js';

const admin = ['Administration'];
const image = z.object({ image: z.string().openapi({ format: 'binary' }) });

resource(`${DATA}/plants`, { tag: 'Administration', what: 'plants', record: PlantRecord, filters: 'tenantID', sortable: 'plantID, name, tenantID', create: plantCreateSchema, update: plantUpdateSchema, remove: true });
resource(`${DATA}/producttypes`, { tag: 'Administration', what: 'product types', record: ProductTypeRecord, filters: 'tenantID', sortable: 'productTypeID, title, tenantID', create: productTypeCreateSchema, update: productTypeUpdateSchema, remove: true });
resource(`${DATA}/tenants`, { tag: 'Administration', what: 'tenants', record: TenantRecord, filters: 'type, feature', sortable: 'tenantID, name, type', create: tenantCreateSchema, update: tenantUpdateSchema, remove: true });
op('post', `${DATA}/tenants/:id/logo`, { tags: admin, summary: 'Upload a tenant’s logo (PNG ≤ 1 MB)', multipart: image, responses: { 200: TenantRecord } });
op('delete', `${DATA}/tenants/:id/logo`, { tags: admin, summary: 'Remove a tenant’s logo', responses: { 200: TenantRecord } });
resource(`${DATA}/aacproducts`, { tag: 'Administration', what: 'AAC products', record: AacProductSchema, filters: 'tenantID, active, productNo, thickness', create: aacProductCreateSchema, update: aacProductUpdateSchema, remove: true });
resource(`${DATA}/lintelproducts`, { tag: 'Administration', what: 'lintel products', record: LintelProductSchema, filters: 'tenantID, active, thickness, length, height, lintelType', create: lintelProductCreateSchema, update: lintelProductUpdateSchema, remove: true });
op('get', `${DATA}/productplantpreliminarydays`, { tags: admin, summary: 'Preliminary days of every plant × product type (missing pairs are added first)', responses: { 200: z.array(PreliminaryDaysRecord) } });
op('get', `${DATA}/productplantpreliminarydays/:id`, { tags: admin, summary: 'One preliminary-days row', responses: { 200: PreliminaryDaysRecord } });
op('put', `${DATA}/productplantpreliminarydays/:id`, { tags: admin, summary: 'Change the preliminary days', body: preliminaryDaysUpdateSchema, responses: { 200: PreliminaryDaysRecord } });
op('get', `${DATA}/catalogue`, { tags: admin, summary: 'Tenants whose catalogue the user reads', responses: { 200: z.array(CatalogueTenant) } });
op('get', `${DATA}/catalogue/:tenantID`, { tags: admin, summary: 'A tenant’s active products for the order tables', responses: { 200: TenantCatalogue } });
resource(`${DATA}/projectfeatures`, { tag: 'Administration', what: 'root projects with their feature flags', record: ProjectFeaturesRecord, filters: 'tenantID, feature', sortable: 'id, projectUnitNo, title, stateKey', update: featuresSchema });
