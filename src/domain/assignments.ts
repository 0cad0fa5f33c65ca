import { z } from 'zod';
import { formatUnitData, isClosedState, parseUnitData, type MemberRole, type RuleResult, type UnitType } from './projectUnits';
import { MESSAGE, requiredOr } from './validation';

/** The spec's resource (declared in ./resources with the others; the server's routes read it here). */
export { ASSIGNMENTS_RESOURCE } from './resources';
export { PLANNING_PATH, planningPagePath } from './routes';

/** Member roles that plan production: they assign product types and plants (besides administrators). */
export const ASSIGNMENT_ROLES: readonly MemberRole[] = ['salesPlanner', 'processPlanner'];

export const ORDER_NUMBER_MAX = 40;
/** Letters, digits, `-`, `_`, space and `/`: no `;` or `=`, which would break the unit's `data` text. */
const ORDER_NUMBER = /^[\p{L}\p{N}\-_ /]*$/u;

export const ASSIGNMENT_MESSAGE = {
  notAllowed: 'PLANNING.Rules.NotAllowed',
  projectClosed: 'PROJECTS.Rules.ProjectClosed',
  notAssignable: 'PLANNING.Errors.NotAssignable',
  orderNumberCharacters: 'PLANNING.Errors.OrderNumberCharacters',
  foreignProductType: 'PLANNING.Errors.ForeignProductType',
  foreignPlant: 'PLANNING.Errors.ForeignPlant',
  unknownUnit: 'PLANNING.Errors.UnknownUnit',
  duplicateUnit: 'PLANNING.Errors.DuplicateUnit',
  changed: 'PLANNING.Errors.Changed',
} as const;

export interface AssignmentActor {
  role: MemberRole | null;
  isInternal: boolean;
  isAdmin: boolean;
}

/**
 * Who assigns product types, plants and order numbers: administrators, and the provider's staff who plan the
 * project (salesPlanner or processPlanner on the root). Closed projects stay as they are.
 */
export function canAssignProductTypes(actor: AssignmentActor, rootState: string): RuleResult {
  const planner = actor.isInternal && actor.role !== null && ASSIGNMENT_ROLES.includes(actor.role);
  if (!actor.isAdmin && !planner) return { allowed: false, reason: ASSIGNMENT_MESSAGE.notAllowed };
  if (isClosedState(rootState)) return { allowed: false, reason: ASSIGNMENT_MESSAGE.projectClosed };
  return { allowed: true };
}

/** Every unit of a project carries a product type and plant, except folders (they hold files, not material). */
export function isAssignableUnit(type: UnitType | string): boolean {
  return type !== 'folder';
}

/** The order number of a unit: the value of `OrderNumber=` in its `data` text ('' when none). */
export function orderNumberOf(data: string): string {
  return parseUnitData(data).OrderNumber ?? '';
}

/** The `data` text with a new order number; other keys keep their values and order, '' removes the key. */
export function withOrderNumber(data: string, orderNumber: string): string {
  const values = parseUnitData(data);
  if (orderNumber) values.OrderNumber = orderNumber;
  else delete values.OrderNumber;
  return formatUnitData(values);
}

/** The order number as staff type it: trimmed, at most 40 characters of letters, digits, `-`, `_`, space and `/`. */
export const orderNumberSchema = z
  .string({ error: requiredOr() })
  .trim()
  .max(ORDER_NUMBER_MAX, MESSAGE.tooLong)
  .regex(ORDER_NUMBER, ASSIGNMENT_MESSAGE.orderNumberCharacters);

/** A translation key when the typed order number is not valid (the grid shows it at the row). */
export function orderNumberError(text: string): string | undefined {
  const result = orderNumberSchema.safeParse(text);
  return result.success ? undefined : result.error.issues[0].message;
}

const referenceId = z.number({ error: requiredOr() }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue);

/** `PUT projectunitproducttypeassignments/{id}`: the product type (required) and the plant (optional). */
export const assignmentUpdateSchema = z.strictObject({
  productTypeID: referenceId,
  plantID: referenceId.nullable().optional(),
});
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;

export const PLANNING_MAX_ROWS = 1000;

/** One row of the planning screen's save: what the unit carries afterwards, and the version it was read at. */
export const planningRowSchema = z.strictObject({
  projectUnitID: referenceId,
  productTypeID: referenceId.nullable(),
  plantID: referenceId.nullable(),
  orderNumber: orderNumberSchema,
  version: z.number({ error: requiredOr() }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue),
});
export type PlanningRow = z.infer<typeof planningRowSchema>;

/** `PUT /api/planning/{rootId}`: the changed rows, each unit at most once. */
export const planningSaveSchema = z.strictObject({
  rows: z
    .array(planningRowSchema, { error: requiredOr() })
    .max(PLANNING_MAX_ROWS, MESSAGE.tooLong)
    .superRefine((rows, issue) => {
      const seen = new Set<number>();
      rows.forEach((row, index) => {
        if (seen.has(row.projectUnitID)) issue.addIssue({ code: 'custom', message: ASSIGNMENT_MESSAGE.duplicateUnit, path: [index, 'projectUnitID'] });
        seen.add(row.projectUnitID);
      });
    }),
});
export type PlanningSave = z.infer<typeof planningSaveSchema>;

/** A record of the `projectunitproducttypeassignments` resource (id = the unit's id). */
export interface AssignmentRecord {
  id: number;
  projectUnitID: number;
  rootProjectUnitID: number;
  projectUnitNo: string;
  title: string;
  productTypeID: number;
  productType: string;
  productTypeBGColor: string;
  productTypeTextColor: string;
  plantID: number | null;
  plant: string | null;
}

/** A unit as the planning screen lists it. */
export interface PlanningUnit {
  projectUnitID: number;
  projectUnitNo: string;
  title: string;
  projectUnitType: UnitType;
  depth: number;
  productTypeID: number | null;
  plantID: number | null;
  orderNumber: string;
  preliminaryDays: number;
  version: number;
}

export interface PlanningProductType {
  id: number;
  title: string;
  bgColor: string;
  textColor: string;
}

/** `GET /api/planning/{rootId}`: the root's assignable units in tree order, and the tenant's choices. */
export interface PlanningData {
  canEdit: boolean;
  units: PlanningUnit[];
  productTypes: PlanningProductType[];
  plants: { id: number; name: string }[];
}

/** The units of a project in tree order (parents before children, siblings by number) with their depth. */
export function treeOrder<T extends { id: number; parentId: number | null; number: string }>(units: readonly T[], rootId: number): (T & { depth: number })[] {
  const children = new Map<number, T[]>();
  for (const unit of units) {
    if (unit.parentId === null) continue;
    const list = children.get(unit.parentId) ?? [];
    list.push(unit);
    children.set(unit.parentId, list);
  }
  const ordered: (T & { depth: number })[] = [];
  const visit = (unit: T, depth: number) => {
    ordered.push({ ...unit, depth });
    const below = [...(children.get(unit.id) ?? [])].sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
    for (const child of below) visit(child, depth + 1);
  };
  const root = units.find((unit) => unit.id === rootId);
  if (root) visit(root, 0);
  return ordered;
}

/** The rows of the planning screen that differ from what was loaded (only those are sent). */
export function changedPlanningRows(loaded: readonly PlanningUnit[], edited: readonly Pick<PlanningRow, 'projectUnitID' | 'productTypeID' | 'plantID' | 'orderNumber'>[]): PlanningRow[] {
  return edited.flatMap((row) => {
    const before = loaded.find((unit) => unit.projectUnitID === row.projectUnitID);
    if (!before) return [];
    const same = before.productTypeID === row.productTypeID && before.plantID === row.plantID && before.orderNumber === row.orderNumber.trim();
    return same ? [] : [{ ...row, orderNumber: row.orderNumber.trim(), version: before.version }];
  });
}
