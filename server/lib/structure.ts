import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { parseWallNos } from '../../src/domain/deliveries.js';
import { formatUnitData, parseUnitData } from '../../src/domain/projectUnits.js';
import {
  isAacSubproject,
  normaliseDraft,
  orderLotDeliveryDate,
  secondLevelType,
  structureProblems,
  type StructureDraft,
  type StructureProblem,
  type StructureRules,
} from '../../src/domain/structure.js';
import type { SessionUser } from '../../src/domain/user.js';
import { buildsStructure, transitionsFrom } from '../../src/domain/workflow.js';
import type { Db, Tx } from '../db/client.js';
import { deliveryNotifications, projectUnits, structureDrafts } from '../db/schema.js';
import { catalogueOf } from './catalogue.js';
import { materialsOf, materialTypes, preliminaryContext, replaceMaterials, syncDeliveryLots, unitMinDate, unitMinDates } from './deliveries.js';
import { boundedValidator, MAX_REPORTED_PROBLEMS } from './bounded-validation.js';
import { ApiError } from './errors.js';

type ApiMessage = ApiError['messages'][number];
import type { UnitAccess, UnitRow } from './project-access.js';
import { allocateUnitNumber, type NumberParent } from './unit-numbers.js';
import type { UnitType, UnitVariant } from '../../src/domain/projectUnits.js';
import { applyTransition, initialState, type TransitionResult } from './workflow.js';
import { activeWorkflow } from './workflow-definition.js';
import { appPath } from '../paths.js';

const schemasFolder = appPath('schemas', 'structure');
export const DRAFT_SCHEMA: Record<string, unknown> = JSON.parse(readFileSync(resolve(schemasFolder, 'draft.schema.json'), 'utf8'));
const validateShape = boundedValidator<StructureDraft>(DRAFT_SCHEMA, { strict: false, formats: { date: /^\d{4}-\d{2}-\d{2}$/ } });

function ajvPath(error: ErrorObject): string {
  const base = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') base.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') base.push(String(error.params.additionalProperty));
  return base.join('.');
}

function ajvKey(error: ErrorObject): string {
  if (error.keyword === 'required') return 'VALIDATION.IsRequired';
  if (error.keyword === 'additionalProperties') return 'VALIDATION.UnknownField';
  if (error.keyword === 'maxLength') return 'VALIDATION.TooLong';
  if (error.keyword === 'maxItems') return 'STRUCTURE.Errors.TooManyEntries';
  if (error.keyword === 'format') return 'VALIDATION.InvalidDate';
  return 'VALIDATION.InvalidValue';
}

/** The draft's shape (schemas/structure/draft.schema.json): 400 with field messages otherwise. */
export function assertDraftShape(body: unknown): StructureDraft {
  if (validateShape(body)) return body;
  const messages: ApiMessage[] = validateShape.errors.slice(0, MAX_REPORTED_PROBLEMS).map((error) => ({ key: ajvKey(error), reference: ajvPath(error), code: 'InvalidShape' }));
  throw new ApiError(400, messages.length ? messages : [{ key: 'VALIDATION.InvalidValue' }]);
}

export function problemMessages(problems: StructureProblem[], prefix: (string | number)[] = []): ApiMessage[] {
  return problems.map((problem) => ({ key: problem.key, reference: [...prefix, ...problem.path].join('.'), params: problem.params, code: 'StructureInvalid' }));
}

/** The root's units the structure page works on: subprojects of the plain variant and their lots (or drawing jobs). */
async function structureUnits(db: Db | Tx, root: UnitRow, tenantType: 'standard' | 'ccl') {
  const rows = await (db as Db)
    .select()
    .from(projectUnits)
    .where(and(eq(projectUnits.rootId, root.id), inArray(projectUnits.type, ['subproject', secondLevelType(tenantType)])))
    .orderBy(asc(projectUnits.number));
  const subprojects = rows.filter((row) => row.type === 'subproject' && row.parentId === root.id);
  const plain = subprojects.filter((row) => row.variant === 'other');
  const lots = rows.filter((row) => row.type !== 'subproject' && plain.some((subproject) => subproject.id === row.parentId));
  return { subprojects, plain, lots };
}

/** The rules the page and the creation call check against (computed once per request). */
export async function structureRules(db: Db | Tx, access: UnitAccess, draft?: StructureDraft): Promise<StructureRules> {
  const { root, context } = access;
  const preliminary = await preliminaryContext(db, root, undefined, access.language);
  const { subprojects, lots } = await structureUnits(db, root, context.tenantType);
  const inDraft = new Set((draft?.subprojects ?? []).map((subproject) => subproject.projectUnitID).filter(Boolean));
  return {
    today: preliminary.today,
    materialTypes: materialTypes(preliminary),
    unitMinDates: Object.fromEntries(lots.map((lot) => [String(lot.id), unitMinDates(preliminary, lot)])),
    // Without a draft (the page) every plain subproject is part of it; lintel and AAC subprojects never are.
    otherSubprojectNames: subprojects.filter((row) => (draft ? !inDraft.has(row.id) : row.variant !== 'other')).map((row) => row.title),
    // The CCL tenant structures drawing jobs only; others propose AAC order lots when they have AAC articles to sell.
    sellsAac: context.tenantType !== 'ccl' && (await catalogueOf(db, root.tenantId, { activeOnly: true })).aac.length > 0,
    orderLotMinDate: unitMinDate(preliminary, null),
  };
}

/** The project's existing structure as a draft (what the page starts from when no draft is saved). */
export async function draftFromUnits(db: Db | Tx, access: UnitAccess): Promise<StructureDraft> {
  const { plain, lots } = await structureUnits(db, access.root, access.context.tenantType);
  const materialMap = await materialsOf(db, lots.map((lot) => lot.id));
  return {
    subprojects: plain.map((subproject) => ({
      id: `unit-${subproject.id}`,
      name: subproject.title,
      expanded: true,
      projectUnitID: subproject.id,
      children: lots
        .filter((lot) => lot.parentId === subproject.id)
        .map((lot) => ({
          id: `unit-${lot.id}`,
          parentID: `unit-${subproject.id}`,
          name: lot.title,
          projectUnitID: lot.id,
          wallNos: parseWallNos(parseUnitData(lot.data).WallNos),
          materials: materialMap.get(lot.id) ?? [],
        })),
    })),
  };
}

export async function savedDraft(db: Db | Tx, rootId: number) {
  const [row] = await (db as Db).select().from(structureDrafts).where(eq(structureDrafts.rootId, rootId));
  return row ?? null;
}

/** Draft entries naming units must name this root's plain subprojects and their own lots. */
function referenceProblems(draft: StructureDraft, units: Awaited<ReturnType<typeof structureUnits>>): StructureProblem[] {
  const problems: StructureProblem[] = [];
  draft.subprojects.forEach((subproject, s) => {
    if (subproject.projectUnitID && !units.plain.some((row) => row.id === subproject.projectUnitID)) {
      problems.push({ path: ['subprojects', s, 'projectUnitID'], key: 'STRUCTURE.Errors.UnknownUnit', params: { name: subproject.name } });
    }
    subproject.children.forEach((lot, l) => {
      if (!lot.projectUnitID) return;
      const row = units.lots.find((candidate) => candidate.id === lot.projectUnitID);
      if (!row || row.parentId !== subproject.projectUnitID) problems.push({ path: ['subprojects', s, 'children', l, 'projectUnitID'], key: 'STRUCTURE.Errors.UnknownUnit', params: { name: lot.name } });
    });
  });
  return problems;
}

const sameMaterials = (a: { type: string; volume: number; deliveryDate: string }[], b: typeof a) =>
  a.length === b.length && a.every((row, index) => row.type === b[index].type && row.volume === b[index].volume && row.deliveryDate === b[index].deliveryDate);

/**
 * Creates the draft's units in the caller's transaction: new subprojects and lots are inserted (numbered,
 * in their initial state), existing ones renamed where the draft renames them, the lots' materials
 * replaced, a delivery notification written for every lot whose materials changed, the planned delivery
 * lots brought in step and the saved draft removed. Every rule is checked first: 400, nothing written.
 */
export async function createStructure(tx: Tx, user: SessionUser, access: UnitAccess, input: StructureDraft): Promise<number[]> {
  const { root, context } = access;
  const units = await structureUnits(tx, root, context.tenantType);
  const rules = await structureRules(tx, access, input);
  const problems = [...structureProblems(input, rules), ...referenceProblems(input, units)];
  const withMaterials = context.tenantType !== 'ccl';
  if (!withMaterials) {
    input.subprojects.forEach((subproject, s) =>
      subproject.children.forEach((lot, l) => {
        if (lot.materials.length) problems.push({ path: ['subprojects', s, 'children', l, 'materials'], key: 'STRUCTURE.Errors.NoMaterialsForDrawingJobs' });
      }),
    );
  }
  if (problems.length) throw new ApiError(400, problemMessages(problems));
  const draft = normaliseDraft(input);
  const lotType = secondLevelType(context.tenantType);
  const existingMaterials = await materialsOf(tx, units.lots.map((lot) => lot.id));
  const created: number[] = [];
  const rename = async (row: UnitRow, title: string) => {
    if (row.title !== title) await tx.update(projectUnits).set({ title, version: sql`${projectUnits.version} + 1` }).where(eq(projectUnits.id, row.id));
  };
  for (const subproject of draft.subprojects) {
    if (isAacSubproject(subproject)) {
      created.push(...(await createAacSubproject(tx, access, subproject, orderLotDeliveryDate(rules))));
      continue;
    }
    let parent = units.plain.find((row) => row.id === subproject.projectUnitID);
    if (parent) await rename(parent, subproject.name);
    else {
      parent = await insertStructureUnit(tx, access, root, { type: 'subproject', variant: 'other', title: subproject.name });
      created.push(parent.id);
    }
    for (const lot of subproject.children) {
      let row = units.lots.find((candidate) => candidate.id === lot.projectUnitID);
      const data: Record<string, string> = lot.wallNos?.length ? { WallNos: lot.wallNos.join(',') } : {};
      if (row) {
        await rename(row, lot.name);
        if (lot.wallNos) await tx.update(projectUnits).set({ data: formatUnitData({ ...parseUnitData(row.data), WallNos: lot.wallNos.join(',') }) }).where(eq(projectUnits.id, row.id));
      } else {
        row = await insertStructureUnit(tx, access, parent, { type: lotType, variant: 'other', title: lot.name, data: formatUnitData(data) });
        created.push(row.id);
      }
      if (!withMaterials) continue;
      const before = existingMaterials.get(row.id) ?? [];
      if (sameMaterials(before, lot.materials)) continue;
      await replaceMaterials(tx, row.id, lot.materials);
      // The lot's materials changed: a materials dialog still holding the old version must not overwrite them.
      await tx.update(projectUnits).set({ version: sql`${projectUnits.version} + 1` }).where(eq(projectUnits.id, row.id));
      await tx.insert(deliveryNotifications).values({ rootId: root.id, unitId: row.id, userId: user.id, materialData: lot.materials });
    }
  }
  if (withMaterials) await syncDeliveryLots(tx, root.id);
  await tx.delete(structureDrafts).where(eq(structureDrafts.rootId, root.id));
  return created;
}

/**
 * A new unit of the structure below `parent` (the root for subprojects): the root's tenant and sales organisation,
 * the next number under its parent, the type's first state.
 */
async function insertStructureUnit(
  tx: Tx,
  access: UnitAccess,
  parent: NumberParent & { id: number },
  unit: { type: UnitType; variant: UnitVariant; title: string; deliveryDate?: string; data?: string },
) {
  const { root, context } = access;
  const [row] = await tx
    .insert(projectUnits)
    .values({
      rootId: root.id,
      parentId: parent.id,
      tenantId: root.tenantId,
      salesOrgId: root.salesOrgId,
      ...unit,
      number: await allocateUnitNumber(tx, parent),
      stateKey: await initialState(tx, unit.type, context.tenantType),
    })
    .returning();
  return row;
}

/** A new AAC subproject of the draft with its order lots (walls linked, delivery date the earliest allowed); returns the new ids. */
async function createAacSubproject(tx: Tx, access: UnitAccess, subproject: StructureDraft['subprojects'][number], deliveryDate: string): Promise<number[]> {
  const parent = await insertStructureUnit(tx, access, access.root, { type: 'subproject', variant: 'aac_elements', title: subproject.name });
  const ids = [parent.id];
  for (const lot of subproject.children) {
    const row = await insertStructureUnit(tx, access, parent, {
      type: 'aacorderlot',
      variant: 'aac_elements',
      title: lot.name,
      deliveryDate,
      data: formatUnitData(lot.wallNos?.length ? { WallNos: lot.wallNos.join(',') } : {}),
    });
    ids.push(row.id);
  }
  return ids;
}

/** The action of the root's state that builds the structure (StructuringFinished, CCL PreparingComplete), if any. */
export async function structureAction(db: Db | Tx, access: UnitAccess): Promise<string | null> {
  const { definition } = await activeWorkflow(db);
  const { unit, context } = access;
  const transition = transitionsFrom(definition, { type: unit.type, stateKey: unit.stateKey, isRoot: true }, context.tenantType).find(buildsStructure);
  return transition?.action ?? null;
}

/** `POST /api/tasks/create-project-structure/{rootId}`: the units, then the transition, in one transaction. */
export async function createStructureAndAdvance(db: Db, user: SessionUser, access: UnitAccess, draft: StructureDraft, version?: number): Promise<TransitionResult> {
  const action = await structureAction(db, access);
  if (!action) throw new ApiError(409, [{ key: 'STRUCTURE.Errors.NotInStructuring', params: { state: access.root.stateKey } }]);
  return applyTransition(db, user, access.root.id, {
    action,
    version,
    createStructure: (tx, txAccess) => createStructure(tx, user, txAccess, draft),
  });
}
