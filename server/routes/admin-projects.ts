import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PROJECT_FEATURES, type ProjectFeature } from '../../src/domain/projectUnits.js';
import { projectUnits } from '../db/schema.js';
import { containsPattern } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { featuresSchema } from '../lib/request-schemas.js';

type RootRow = typeof projectUnits.$inferSelect & { tenantName: string; tenantDefaults: ProjectFeature[] };

/** `projectfeatures`: the feature flags of every root project, for administrators (tenant defaults alongside). */
export const projectFeatureRoutes = restResource({
  name: 'projectfeatures',
  table: projectUnits,
  id: projectUnits.id,
  sortable: { id: projectUnits.id, projectUnitNo: projectUnits.number, title: projectUnits.title, stateKey: projectUnits.stateKey },
  defaultSort: ['projectUnitNo', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int().positive(), where: (value: number) => eq(projectUnits.tenantId, value) },
    feature: { schema: z.enum(PROJECT_FEATURES), where: (value: string) => sql`${projectUnits.features} @> ${JSON.stringify([value])}::jsonb` },
  },
  search: (q) => or(ilike(projectUnits.title, containsPattern(q)), ilike(projectUnits.number, containsPattern(q))),
  // Root projects only; access is the admin rule of canAccess('projectfeatures').
  scope: (): SQL => and(eq(projectUnits.id, projectUnits.rootId))!,
  readOnlyFields: ['projectUnitID'],
  columns: () => ({
    tenantName: sql<string>`(select t.name from tenants t where t.id = "project_units"."tenant_id")`,
    tenantDefaults: sql<ProjectFeature[]>`(select t.project_feature_defaults from tenants t where t.id = "project_units"."tenant_id")`,
  }),
  toRecords: async (_db, rows) =>
    (rows as RootRow[]).map((row) => ({
      id: row.id,
      projectUnitID: row.id,
      projectUnitNo: row.number,
      title: row.title,
      stateKey: row.stateKey,
      tenantID: row.tenantId,
      tenantName: row.tenantName,
      features: row.features,
      tenantDefaults: row.tenantDefaults ?? [],
    })),
  update: {
    schema: featuresSchema,
    write: async (tx, id, input: { features: ProjectFeature[] }) => {
      const features = PROJECT_FEATURES.filter((feature) => input.features.includes(feature));
      await tx.update(projectUnits).set({ features, updatedAt: new Date() }).where(eq(projectUnits.id, id));
    },
  },
});
