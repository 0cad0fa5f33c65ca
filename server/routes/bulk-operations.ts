import { eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { bulkOperations } from '../db/schema.js';
import { restResource, type ResourceDefinition } from '../lib/rest.js';
import { containsPattern } from '../lib/rest-query.js';

type OperationRow = typeof bulkOperations.$inferSelect;

/** A recorded import or bulk change as `GET api/data/planxchange/bulkoperations` lists it (administrators). */
export interface BulkOperationRecord {
  id: number;
  kind: string;
  resource: string;
  userID: number | null;
  userLogin: string;
  fileName: string | null;
  created: number;
  updated: number;
  unchanged: number;
  details: Record<string, unknown>;
  createdAt: string;
}

export const bulkOperationsDefinition: ResourceDefinition = {
  name: 'bulkoperations',
  table: bulkOperations,
  id: bulkOperations.id,
  sortable: { id: bulkOperations.id, createdAt: bulkOperations.createdAt, kind: bulkOperations.kind, resource: bulkOperations.resource, userLogin: bulkOperations.userLogin },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    kind: { schema: z.string().max(20), where: (value: string) => eq(bulkOperations.kind, value) },
    resource: { schema: z.string().max(60), where: (value: string) => eq(bulkOperations.resource, value) },
  },
  search: (q) => or(ilike(bulkOperations.userLogin, containsPattern(q)), ilike(bulkOperations.fileName, containsPattern(q))),
  toRecords: async (_db, rows) =>
    (rows as OperationRow[]).map(
      (row): BulkOperationRecord => ({
        id: row.id,
        kind: row.kind,
        resource: row.resource,
        userID: row.userId,
        userLogin: row.userLogin,
        fileName: row.fileName,
        created: row.created,
        updated: row.updated,
        unchanged: row.unchanged,
        details: row.details,
        createdAt: row.createdAt.toISOString(),
      }),
    ) as never,
};

/** Read-only: the record of imports and bulk changes is written by those operations alone. */
export const bulkOperationsResource = restResource(bulkOperationsDefinition);
