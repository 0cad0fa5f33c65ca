import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import type { ViewerBounds, ViewerModel } from '../../../src/domain/viewerModel.js';
import { createdAt, updatedAt } from './columns.js';

/**
 * What the 3D viewer shows of an IFC file, extracted once per file content (sha256 of the bytes): the
 * model tree as JSON, the geometry ('PXG1') in the file storage. Pending while the worker reads it.
 */
export const ifcModels = pgTable(
  'ifc_models',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** IFC.Broken, IFC.NotIfc, IFC.TooLarge or IFC.NoStructure when failed. */
    errorKey: varchar('error_key', { length: 40 }),
    /** The reason's translation key (IFC.Reason.*). */
    errorReason: varchar('error_reason', { length: 80 }),
    model: jsonb('model').$type<ViewerModel>(),
    bounds: jsonb('bounds').$type<ViewerBounds>(),
    geometryKey: varchar('geometry_key', { length: 200 }),
    wallCount: integer('wall_count').notNull().default(0),
    /** The extractor that wrote the row (VIEWER_EXTRACTION_VERSION): rows of an older one are read again. */
    extractionVersion: integer('extraction_version').notNull().default(1),
    parseMs: integer('parse_ms'),
    createdAt: createdAt(),
    /** When the current extraction started or ended: a pending row older than the time limit is taken over. */
    updatedAt: updatedAt(),
  },
  (t) => [check('ifc_models_status_check', sql`${t.status} in ('pending', 'ready', 'failed')`)],
);
