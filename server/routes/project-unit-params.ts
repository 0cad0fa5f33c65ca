import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canWriteUnitParam, unitParamCreateSchema, UNIT_PARAM_KEYS, type UnitParam } from '../../src/domain/unitParams.js';
import type { SessionUser } from '../../src/domain/user.js';
import { projectUnitParams, projectUnits } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { unitAccess, visibleUnits } from '../lib/project-access.js';
import { restResource } from '../lib/rest.js';

type ParamRow = typeof projectUnitParams.$inferSelect;

const toParam = (row: ParamRow): UnitParam => ({
  id: row.id,
  projectUnitParamID: row.id,
  projectUnitID: row.unitId,
  paramKey: row.key,
  paramValue: row.value,
  createdOn: row.createdAt.toISOString(),
});

/** The parameters of the units a user reaches (spec: query on ParamKey and ProjectUnitID, and create). */
const scope = (user: SessionUser) => sql`${projectUnitParams.unitId} in (select ${projectUnits.id} from ${projectUnits} where ${visibleUnits(user)})`;

export const projectUnitParamsResource = restResource({
  name: 'projectunitparams',
  table: projectUnitParams,
  id: projectUnitParams.id,
  sortable: { id: projectUnitParams.id, createdOn: projectUnitParams.createdAt, paramKey: projectUnitParams.key },
  defaultSort: ['id', 'DESC'],
  filters: {
    projectUnitID: { schema: z.number().int().positive(), where: (value: number) => eq(projectUnitParams.unitId, value) },
    paramKey: { schema: z.enum(UNIT_PARAM_KEYS), where: (value: string) => eq(projectUnitParams.key, value) },
  },
  scope,
  // Reading follows the units' row scope; writing the unit's rule (canWriteUnitParam).
  allow: (_user, action) => action === 'list' || action === 'show' || action === 'create',
  readOnlyFields: ['projectUnitParamID'],
  toRecords: async (_db, rows) => (rows as ParamRow[]).map(toParam) as never,
  create: {
    schema: unitParamCreateSchema,
    write: async (tx, input: z.infer<typeof unitParamCreateSchema>, user) => {
      const { context } = await unitAccess(tx, user, input.projectUnitID);
      const rule = canWriteUnitParam(context, input.paramKey);
      if (!rule.allowed) throw ApiError.fromRule(rule);
      const [row] = await tx.insert(projectUnitParams).values({ unitId: input.projectUnitID, key: input.paramKey, value: input.paramValue }).returning({ id: projectUnitParams.id });
      return row.id;
    },
  },
});
