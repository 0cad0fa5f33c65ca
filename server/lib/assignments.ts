import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ASSIGNMENT_MESSAGE, canAssignProductTypes } from '../../src/domain/assignments.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { plants, productTypes, projectUnits } from '../db/schema.js';
import { ApiError } from './errors.js';
import type { UnitAccess } from './project-access.js';

/**
 * A unit that carries a product type assignment: assignable (not a folder) and with a product type. The
 * resource lists exactly these and the PendingValidation guard counts exactly these (one definition).
 */
export function hasAssignment(): SQL {
  return and(sql`${projectUnits.productTypeId} is not null`, sql`${projectUnits.type} <> 'folder'`)!;
}

/** Product type assignments under a root, as the guard reads them. */
export function assignmentsOfRoot(rootId: number): SQL {
  return and(eq(projectUnits.rootId, rootId), hasAssignment())!;
}

/** 403 unless the user plans this project (salesPlanner / processPlanner, internal) or is an administrator. */
export function assertMayAssign(user: SessionUser, access: UnitAccess): void {
  const rule = canAssignProductTypes({ role: access.context.role, isInternal: user.isInternal, isAdmin: user.isAdmin }, access.root.stateKey);
  if (!rule.allowed) throw ApiError.fromRule(rule);
}

export interface AssignmentReference {
  productTypeID: number | null;
  plantID: number | null;
  /** Where the ids sit in the request body ('' for the top level, 'rows.3' for a row). */
  prefix: string;
}

/** Product types and plants must be the root's tenant's (400 naming the field otherwise). */
export async function assertTenantReferences(db: Db | Tx, tenantId: number, references: AssignmentReference[]): Promise<void> {
  const d = db as Db;
  const typeIds = [...new Set(references.flatMap((ref) => (ref.productTypeID === null ? [] : [ref.productTypeID])))];
  const plantIds = [...new Set(references.flatMap((ref) => (ref.plantID === null ? [] : [ref.plantID])))];
  const knownTypes = new Set(
    typeIds.length ? (await d.select({ id: productTypes.id }).from(productTypes).where(and(inArray(productTypes.id, typeIds), eq(productTypes.tenantId, tenantId)))).map((row) => row.id) : [],
  );
  const knownPlants = new Set(
    plantIds.length ? (await d.select({ id: plants.id }).from(plants).where(and(inArray(plants.id, plantIds), eq(plants.tenantId, tenantId)))).map((row) => row.id) : [],
  );
  const field = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
  const messages = references.flatMap((ref) => [
    ...(ref.productTypeID !== null && !knownTypes.has(ref.productTypeID)
      ? [{ key: ASSIGNMENT_MESSAGE.foreignProductType, reference: field(ref.prefix, 'productTypeID'), params: { id: ref.productTypeID } }]
      : []),
    ...(ref.plantID !== null && !knownPlants.has(ref.plantID) ? [{ key: ASSIGNMENT_MESSAGE.foreignPlant, reference: field(ref.prefix, 'plantID'), params: { id: ref.plantID } }] : []),
  ]);
  if (messages.length) throw new ApiError(400, messages);
}
