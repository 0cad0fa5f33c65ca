import { and, eq, getTableColumns, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  allowedChildTypes,
  canCreateUnit,
  canDeleteUnit,
  canEditUnit,
  canChangeVariant,
  unitDeliveryDateRule,
  UNIT_TYPES,
  unitCreateSchema,
  unitUpdateSchema,
  type ProjectUnit,
  type UnitCreate,
  type UnitType,
  type UnitUpdate,
  type UnitVariant,
} from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import { canConfirmDeliveries, canEditMaterials } from '../../src/domain/deliveries.js';
import { canEditStructure, todayIso } from '../../src/domain/structure.js';
import type { Db, Tx } from '../db/client.js';
import { projectFiles, projectUnits, tenants } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { preparedVisibility, rootStateFilter, unitAccess, visibleUnits, type UnitRow } from '../lib/project-access.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { listFactsOfUnits, syncDeliveryLots, type UnitFacts } from '../lib/deliveries.js';
import { canAssignProductTypes } from '../../src/domain/assignments.js';
import { allocateUnitNumber } from '../lib/unit-numbers.js';
import { lockedUnitAccess, lockUnits } from '../lib/locks.js';
import { initialState, unitWorkflow } from '../lib/workflow.js';
import { canSeeJournal } from '../../src/domain/journal.js';
import { viewerButtonVisible } from '../../src/domain/viewerModel.js';
import { viewerFileOf } from '../services/ifc-viewer.js';
import { createRootProject } from '../services/root-projects.js';
import { unitColumns } from '../services/project-units.js';
import { validOrUndefined } from '../lib/validation.js';

type UnitWithExtras = UnitRow & {
  productTypeTitle: string | null;
  productTypeBg: string | null;
  productTypeText: string | null;
  plantName: string | null;
};

/**
 * The records of these units, with which have children (one query over the page's ids: a per-row EXISTS scans every
 * unit), their preliminary days and too-early dates (the same query, whatever the number of tenants). Each row is
 * copied once, into its record.
 */
async function unitRecords(db: Db, rows: UnitWithExtras[]): Promise<ProjectUnit[]> {
  if (!rows.length) return [];
  const facts = await listFactsOfUnits(db, rows);
  return rows.map((row, index) => toUnit(row, facts[index]));
}

function toUnit(row: UnitWithExtras, facts: UnitFacts): ProjectUnit {
  return {
    id: row.id,
    projectUnitID: row.id,
    rootProjectUnitID: row.rootId ?? row.id,
    parentProjectUnitID: row.parentId,
    tenantID: row.tenantId,
    salesOrgID: row.salesOrgId,
    projectUnitType: row.type as UnitType,
    projectUnitTypeVariant: row.variant as UnitVariant,
    projectUnitNo: row.number,
    title: row.title,
    notes: row.notes,
    stateKey: row.stateKey,
    stateSince: row.stateSince.toISOString(),
    deliveryDate: row.deliveryDate,
    earliestDeliveryDate: row.earliestDeliveryDate,
    siteAddressID: row.siteAddressId,
    siteContactID: row.siteContactId,
    productType: row.productTypeTitle ?? null,
    productTypeID: row.productTypeId,
    productTypeBGColor: row.productTypeBg ?? null,
    productTypeTextColor: row.productTypeText ?? null,
    plant: row.plantName ?? null,
    plantID: row.plantId,
    data: row.data,
    preliminaryDays: facts.preliminaryDays,
    tooEarlyDates: facts.tooEarlyDates,
    hasChildren: facts.hasChildren,
    itemCount: row.itemCount,
    version: row.version,
  };
}

/** A sibling of the same type with the same title (case-insensitive) makes a duplicate. */
async function assertUniqueTitle(tx: Tx, parentId: number, type: string, title: string, exceptId?: number) {
  const [duplicate] = await tx
    .select({ id: projectUnits.id })
    .from(projectUnits)
    .where(and(eq(projectUnits.parentId, parentId), eq(projectUnits.type, type), sql`lower(${projectUnits.title}) = lower(${title})`, exceptId ? sql`${projectUnits.id} <> ${exceptId}` : undefined));
  if (duplicate) {
    throw new ApiError(409, [{ key: 'PROJECTS.DuplicateElementNotAllowedMessage', reference: 'title', code: 'DuplicateTitle', params: { title } }]);
  }
}

/** The planned delivery date of lintel, AAC and approval lots is today or later. */
function assertDeliveryDate(type: UnitType, deliveryDate: string | null | undefined, language: string) {
  const today = todayIso();
  const rule = unitDeliveryDateRule(type, deliveryDate, today);
  const minDate = new Intl.DateTimeFormat(language, { timeZone: 'UTC' }).format(new Date(today));
  if (!rule.allowed) throw new ApiError(422, [{ key: rule.reason, reference: 'deliveryDate', code: 'RuleViolation', params: { minDate } }]);
}

async function createChild(tx: Tx, input: UnitCreate, user: SessionUser): Promise<number> {
  const { unit: parent, root, context } = await unitAccess(tx, user, input.parentProjectUnitID!);
  if (input.rootProjectUnitID && input.rootProjectUnitID !== root.id) throw ApiError.badRequest('ERRORMESSAGES.IdMismatch', 'rootProjectUnitID');
  const type = input.projectUnitType;
  if (!allowedChildTypes({ type: parent.type as UnitType, variant: parent.variant as UnitVariant }, context.tenantType).includes(type)) {
    throw new ApiError(422, [{ key: 'PROJECTS.Rules.TypeNotAllowed', reference: 'projectUnitType', code: 'RuleViolation' }]);
  }
  const rule = canCreateUnit(context, type);
  if (!rule.allowed) throw ApiError.fromRule(rule);
  assertDeliveryDate(type, input.deliveryDate, user.language);
  await assertUniqueTitle(tx, parent.id, type, input.title);
  // A subproject chooses its variant (AAC elements, lintels, approval lots); everything below inherits it.
  const variant = type === 'subproject' ? (input.projectUnitTypeVariant ?? 'other') : (parent.variant as UnitVariant);
  const [row] = await tx
    .insert(projectUnits)
    .values({
      rootId: root.id,
      parentId: parent.id,
      tenantId: root.tenantId,
      salesOrgId: root.salesOrgId,
      type,
      variant,
      number: await allocateUnitNumber(tx, parent),
      title: input.title,
      notes: input.notes ?? '',
      stateKey: await initialState(tx, type, context.tenantType),
      deliveryDate: input.deliveryDate ?? null,
    })
    .returning({ id: projectUnits.id });
  return row.id;
}

/** Items in the order lots of a unit's subtree (a lot with items cannot go) and the files it holds. */
async function subtree(tx: Tx, unitId: number): Promise<{ ids: number[]; items: number; files: { uploadedByID: number | null; storageKey: string }[] }> {
  const rows = await tx.execute<{ id: number; depth: number; item_count: number }>(sql`
    with recursive tree as (
      select id, 0 as depth, item_count from project_units where id = ${unitId}
      union all
      select c.id, t.depth + 1, c.item_count from project_units c join tree t on c.parent_id = t.id
    )
    select id, depth, item_count from tree order by depth desc`);
  const list = ((rows as unknown as { rows?: unknown[] }).rows ?? rows) as { id: number; depth: number; item_count: number }[];
  const ids = list.map((row) => Number(row.id));
  const files = await tx.select({ uploadedByID: projectFiles.uploadedBy, storageKey: projectFiles.storageKey }).from(projectFiles).where(inArray(projectFiles.unitId, ids));
  return { ids, items: list.reduce((sum, row) => sum + Number(row.item_count), 0), files };
}

const unitFilterSchema = {
  rootProjectUnitID: z.number().int().positive(),
  parentProjectUnitID: z.number().int().positive().nullable(),
  projectUnitType: z.union([z.enum(UNIT_TYPES), z.array(z.enum(UNIT_TYPES)).max(7)]),
  state: z.enum(['current', 'closed']),
  stateKey: z.string().max(40),
};

export const projectsResource = restResource({
  name: 'projects',
  table: projectUnits,
  id: projectUnits.id,
  sortable: {
    id: projectUnits.id,
    projectUnitNo: projectUnits.number,
    title: projectUnits.title,
    stateKey: projectUnits.stateKey,
    stateSince: projectUnits.stateSince,
    deliveryDate: projectUnits.deliveryDate,
    projectUnitType: projectUnits.type,
  },
  defaultSort: ['projectUnitNo', 'ASC'],
  filters: {
    // `prepared`: a number or string is compared as it is (null and lists are built per request; `state` picks SQL).
    rootProjectUnitID: { schema: unitFilterSchema.rootProjectUnitID, where: (value: number) => eq(projectUnits.rootId, value), prepared: true },
    parentProjectUnitID: {
      schema: unitFilterSchema.parentProjectUnitID,
      where: (value: number | null) => (value === null ? isNull(projectUnits.parentId) : eq(projectUnits.parentId, value)),
      prepared: true,
    },
    projectUnitType: {
      schema: unitFilterSchema.projectUnitType,
      where: (value: string | string[]) => (Array.isArray(value) ? inArray(projectUnits.type, value.length ? value : ['-']) : eq(projectUnits.type, value)),
      prepared: true,
    },
    state: { schema: unitFilterSchema.state, where: (value: 'current' | 'closed') => rootStateFilter(value) },
    stateKey: { schema: unitFilterSchema.stateKey, where: (value: string) => eq(projectUnits.stateKey, value), prepared: true },
  },
  search: (q) => or(ilike(projectUnits.title, containsPattern(q)), ilike(projectUnits.number, containsPattern(q))),
  scope: visibleUnits,
  preparedScope: preparedVisibility,
  allow: () => true,
  readOnlyFields: ['projectUnitID'],
  columns: unitColumns,
  toRecords: async (db, rows) => (await unitRecords(db, rows as UnitWithExtras[])) as never,
  create: {
    schema: unitCreateSchema,
    write: (tx, input: UnitCreate, user) => (input.parentProjectUnitID === null ? createRootProject(tx, input, user) : createChild(tx, input, user)),
  },
  // The unit PUT names the version it read (required; checked in the UPDATE by the REST layer).
  version: projectUnits.version,
  update: {
    schema: unitUpdateSchema,
    write: async (tx, id, input: UnitUpdate, _existing, user) => {
      const { unit, context } = await unitAccess(tx, user, id);
      const rule = canEditUnit(context, { type: unit.type as UnitType, isRoot: unit.id === unit.rootId });
      if (!rule.allowed) throw ApiError.fromRule(rule);
      if (input.title !== undefined && unit.parentId) await assertUniqueTitle(tx, unit.parentId, unit.type, input.title, unit.id);
      if (input.deliveryDate !== undefined && input.deliveryDate !== unit.deliveryDate) assertDeliveryDate(unit.type as UnitType, input.deliveryDate, user.language);
      if (input.projectUnitTypeVariant !== undefined && input.projectUnitTypeVariant !== unit.variant) {
        const children = await tx.selectDistinct({ type: projectUnits.type }).from(projectUnits).where(eq(projectUnits.parentId, unit.id));
        const variantRule = canChangeVariant({ type: unit.type as UnitType, childTypes: children.map((child) => child.type as UnitType) }, input.projectUnitTypeVariant, context.tenantType);
        if (!variantRule.allowed) throw new ApiError(422, [{ key: variantRule.reason, reference: 'projectUnitTypeVariant', code: 'RuleViolation' }]);
      }
      const { projectUnitTypeVariant, ...fields } = input;
      // The row as the answer shows it (the REST layer's `findOne` selection), without reading it again.
      const [written] = await tx
        .update(projectUnits)
        .set({ ...fields, ...(projectUnitTypeVariant ? { variant: projectUnitTypeVariant } : {}), updatedAt: new Date() })
        .where(eq(projectUnits.id, id))
        .returning({ ...getTableColumns(projectUnits), ...unitColumns() });
      // Delivery lots carry subproject and lot titles.
      if (input.title !== undefined && unit.rootId && (unit.type === 'subproject' || unit.type === 'approvallot')) await syncDeliveryLots(tx, unit.rootId);
      return written;
    },
  },
  remove: async (tx, id, _existing, user, storage) => {
    // Under the project lock and the subtree's row locks, the item counts read are those no order write can change.
    const { unit, context } = await lockedUnitAccess(tx, user, id);
    await lockUnits(tx, (await subtree(tx, id)).ids);
    const tree = await subtree(tx, id);
    const rule = canDeleteUnit(context, { type: unit.type as UnitType, isRoot: unit.id === unit.rootId, itemCount: tree.items, files: tree.files }, user.id);
    if (!rule.allowed) throw ApiError.fromRule(rule);
    await tx.delete(projectFiles).where(inArray(projectFiles.unitId, tree.ids));
    // The stored bytes go once the rows are gone for good (after the commit).
    const keys = [...new Set(tree.files.map((file) => file.storageKey))];
    const afterCommit = async () => {
      await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    };
    // Deepest first: a parent goes only after its children.
    for (const unitId of tree.ids) await tx.delete(projectUnits).where(eq(projectUnits.id, unitId));
    // Their materials went with them: the planned deliveries follow.
    if (unit.rootId) await syncDeliveryLots(tx, unit.rootId);
    return afterCommit;
  },
});

/** The create dialog's asynchronous check: is this title still free among the parent's children of that type? */
projectsResource.get('/:id/title-available', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const db = c.get('db');
  const { unit } = await unitAccess(db, user, parseId(c.req.param('id')));
  const type = validOrUndefined(z.enum(UNIT_TYPES), c.req.query('type'));
  const title = (c.req.query('title') ?? '').trim();
  if (type === undefined) throw ApiError.badRequest('VALIDATION.InvalidValue', 'type');
  if (!title || title.length > 200) throw ApiError.badRequest('VALIDATION.IsRequired', 'title');
  const except = Number(c.req.query('except') ?? 0) || 0;
  const [duplicate] = await db
    .select({ id: projectUnits.id })
    .from(projectUnits)
    .where(and(eq(projectUnits.parentId, unit.id), eq(projectUnits.type, type), sql`lower(${projectUnits.title}) = lower(${title})`, sql`${projectUnits.id} <> ${except}`));
  return c.json({ available: !duplicate });
});

/** Everything the details page needs about a unit in one call: path, role, features and what is allowed. */
projectsResource.get('/:id/context', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const db = c.get('db');
  const access = await unitAccess(db, user, parseId(c.req.param('id')));
  const { unit, root, context } = access;
  const pathRows = (await db.execute(sql`
    with recursive up as (
      select id, parent_id, 0 as depth from project_units where id = ${unit.id}
      union all
      select p.id, p.parent_id, u.depth + 1 from project_units p join up u on p.id = u.parent_id
    )
    select id from up order by depth desc`)) as unknown as { rows?: { id: number }[] };
  const pathIds = (pathRows.rows ?? (pathRows as unknown as { id: number }[])).map((row) => Number(row.id));
  const rows = (await db
    .select({ ...getTableColumns(projectUnits), ...unitColumns() })
    .from(projectUnits)
    .where(inArray(projectUnits.id, pathIds))) as UnitWithExtras[];
  const records = await unitRecords(db, rows);
  const path = pathIds.map((id) => records.find((record) => record.id === id)!);
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, root.tenantId));
  const type = unit.type as UnitType;
  const childTypes = allowedChildTypes({ type, variant: unit.variant as UnitVariant }, context.tenantType);
  const tree = await subtree(db as unknown as Tx, unit.id);
  return c.json({
    unit: path[path.length - 1],
    root: path[0],
    path,
    role: context.role,
    isInternal: context.isInternal,
    features: context.features,
    infoSheetValid: context.infoSheetValid,
    tenant: { id: tenant.id, name: tenant.name, type: tenant.type, hasLogo: tenant.hasLogo, features: tenant.features },
    allowedChildTypes: childTypes,
    workflow: await unitWorkflow(db, user, access),
    journalAvailable: canSeeJournal(context),
    can: {
      create: Object.fromEntries(childTypes.map((childType) => [childType, canCreateUnit(context, childType)])),
      edit: canEditUnit(context, { type, isRoot: unit.id === root.id }),
      delete: canDeleteUnit(context, { type, isRoot: unit.id === root.id, itemCount: tree.items, files: tree.files }, user.id),
      structure: canEditStructure(context),
      materials: canEditMaterials(context),
      confirmDeliveries: canConfirmDeliveries(user),
      // The viewer button: a state that shows it, and an IFC file of the unit or an ancestor.
      viewer: viewerButtonVisible(unit.stateKey) && (await viewerFileOf(db, unit.id)) !== null,
      assign: canAssignProductTypes({ role: context.role, isInternal: user.isInternal, isAdmin: user.isAdmin }, root.stateKey),
    },
  });
});
