/**
 * What a draft of the workflow definition changes against the version in force (the editor's compare colours and
 * the publish dialog's impact), the mapping of units out of removed states, labels, and the simulation — pure, used
 * by the editor and the API alike.
 */
import { z } from 'zod';
import type { Language } from './languages';
import { UNIT_TYPES, type UnitType } from './projectUnits';
import { MESSAGE } from './validation';
import { TENANT_TYPES, viewId, type WorkflowView } from './workflowChecks';
import {
  addWorkingDays,
  appliesTo,
  chooseTransition,
  escalationRuleFor,
  findState,
  initialStateOf,
  transitionsFrom,
  type TenantType,
  type WorkflowDefinition,
  type WorkflowLabels,
} from './workflow';

/** A state of one view: unit type, tenant type and key. */
export interface ViewState extends WorkflowView {
  state: string;
}

const statesOfView = (definition: WorkflowDefinition, view: WorkflowView) =>
  definition.states.filter((state) => appliesTo(state, view.unitType, view.tenantType));

/** States (per view) the version in force has and the draft does not. */
export function removedStates(inForce: WorkflowDefinition, draft: WorkflowDefinition): ViewState[] {
  const removed: ViewState[] = [];
  for (const unitType of UNIT_TYPES)
    for (const tenantType of TENANT_TYPES) {
      const kept = new Set(statesOfView(draft, { unitType, tenantType }).map((state) => state.key));
      for (const state of statesOfView(inForce, { unitType, tenantType })) if (!kept.has(state.key)) removed.push({ unitType, tenantType, state: state.key });
    }
  return removed;
}

/** States kept whose task changes who does it (open tasks move to other people). */
export function taskRoleChanges(inForce: WorkflowDefinition, draft: WorkflowDefinition): (ViewState & { before: string[]; after: string[] })[] {
  const changes: (ViewState & { before: string[]; after: string[] })[] = [];
  for (const unitType of UNIT_TYPES)
    for (const tenantType of TENANT_TYPES)
      for (const state of statesOfView(inForce, { unitType, tenantType })) {
        const next = findState(draft, unitType, tenantType, state.key);
        if (!next) continue;
        const before = [...(state.task?.roles ?? [])].sort();
        const after = [...(next.task?.roles ?? [])].sort();
        if (before.join() !== after.join()) changes.push({ unitType, tenantType, state: state.key, before, after });
      }
  return changes;
}

/** Escalations that start, end or change their deadline for units in a state. */
export function escalationChanges(inForce: WorkflowDefinition, draft: WorkflowDefinition): (ViewState & { before: number | null; after: number | null })[] {
  const changes: (ViewState & { before: number | null; after: number | null })[] = [];
  for (const unitType of UNIT_TYPES)
    for (const tenantType of TENANT_TYPES)
      for (const state of statesOfView(inForce, { unitType, tenantType })) {
        if (!findState(draft, unitType, tenantType, state.key)) continue;
        const before = escalationRuleFor(inForce, { type: unitType, stateKey: state.key }, tenantType)?.maxWorkingDays ?? null;
        const after = escalationRuleFor(draft, { type: unitType, stateKey: state.key }, tenantType)?.maxWorkingDays ?? null;
        if (before !== after) changes.push({ unitType, tenantType, state: state.key, before, after });
      }
  return changes;
}

export type ChangeMark = 'added' | 'removed' | 'changed';

/** Compare: per view, the states and actions the draft adds, removes or changes (by key). */
export function compareView(inForce: WorkflowDefinition, draft: WorkflowDefinition, view: WorkflowView): { states: Record<string, ChangeMark>; actions: Record<string, ChangeMark> } {
  const marks = <T>(before: Map<string, T>, after: Map<string, T>) => {
    const result: Record<string, ChangeMark> = {};
    for (const [key, value] of after) result[key] = !before.has(key) ? 'added' : JSON.stringify(before.get(key)) === JSON.stringify(value) ? (undefined as never) : 'changed';
    for (const key of before.keys()) if (!after.has(key)) result[key] = 'removed';
    for (const key of Object.keys(result)) if (!result[key]) delete result[key];
    return result;
  };
  const states = (definition: WorkflowDefinition) => new Map(statesOfView(definition, view).map((state) => [state.key, state]));
  const actions = (definition: WorkflowDefinition) =>
    new Map(definition.transitions.filter((transition) => appliesTo(transition, view.unitType, view.tenantType)).map((transition) => [transition.action, transition]));
  return { states: marks(states(inForce), states(draft)), actions: marks(actions(inForce), actions(draft)) };
}

/** A removed state's units go to a state of the draft (same unit type and tenant type). */
export interface StateMapping extends ViewState {
  to: string;
}

/** Removed states with units that the mapping leaves without a target, and mapping targets the draft lacks. */
export function mappingProblems(draft: WorkflowDefinition, stranded: (ViewState & { units: number })[], mapping: StateMapping[]): { unmapped: (ViewState & { units: number })[]; badTargets: StateMapping[] } {
  const find = (entry: ViewState) => mapping.find((item) => item.unitType === entry.unitType && item.tenantType === entry.tenantType && item.state === entry.state);
  const unmapped = stranded.filter((entry) => entry.units > 0 && !find(entry));
  const badTargets = mapping.filter((item) => !findState(draft, item.unitType, item.tenantType, item.to));
  return { unmapped, badTargets };
}

/** A label of the definition in a language, else null (the caller falls back to the translation files). */
export function definitionLabel(labels: WorkflowLabels | undefined, kind: keyof WorkflowLabels, key: string, language: Language): string | null {
  return labels?.[kind]?.[key]?.[language]?.trim() || null;
}

/** The labels as translation messages (STATES.<key>, WORKFLOW.Actions.<action>, TASKS.Keys.<task>.Title) of one language. */
export function labelMessages(labels: WorkflowLabels | undefined, language: Language): Record<string, unknown> {
  const pick = (kind: keyof WorkflowLabels) =>
    Object.fromEntries(Object.keys(labels?.[kind] ?? {}).flatMap((key) => {
      const text = definitionLabel(labels, kind, key, language);
      return text ? [[key, text]] : [];
    }));
  const tasks = Object.fromEntries(Object.entries(pick('tasks')).map(([key, text]) => [key, { Title: text }]));
  return { STATES: pick('states'), WORKFLOW: { Actions: pick('actions') }, TASKS: { Keys: tasks } };
}

/** One fired action of the simulation: what the server would do. */
export interface SimulationStep {
  action: string;
  from: string;
  to: string;
  task: { taskKey: string; roles: string[] } | null;
  /** What the request carried (taken as given in the simulation). */
  requirements: string[];
  effects: string[];
  message: 'none' | 'optional' | 'required';
  escalation: { rule: string; due: string } | null;
}

export type SimulationResult = { ok: true; step: SimulationStep } | { ok: false; reason: string };

/** The simulation's start: the view's initial state. */
export const simulationStart = (definition: WorkflowDefinition, view: WorkflowView) => initialStateOf(definition, view.unitType, view.tenantType);

/** Fires one action as a role from a state, with `chooseTransition` as the server does; the escalation date from `now`. */
export function simulateAction(definition: WorkflowDefinition, view: WorkflowView & { isRoot: boolean }, stateKey: string, action: string, roles: readonly string[], now: Date): SimulationResult {
  // What the action asks of the request (an approval of drawings, say) is taken as given: the simulation shows the path.
  const unit = { type: view.unitType, stateKey, isRoot: view.isRoot };
  const requirements = [...new Set(transitionsFrom(definition, unit, view.tenantType).filter((candidate) => candidate.action === action).flatMap((candidate) => candidate.requirements ?? []))];
  const choice = chooseTransition(definition, unit, view.tenantType, { action, requirements }, roles);
  if (!choice.ok) return { ok: false, reason: choice.reason };
  const transition = choice.transition;
  const target = findState(definition, view.unitType, view.tenantType, transition.to);
  const rule = escalationRuleFor(definition, { type: view.unitType, stateKey: transition.to }, view.tenantType);
  const effects = (transition.effects ?? []).map((effect) =>
    effect.type === 'move-units' ? `${effect.unitTypes.join(', ')}: ${effect.fromStates.join(', ')} → ${effect.to}` : effect.type,
  );
  return {
    ok: true,
    step: {
      action: transition.action,
      from: stateKey,
      to: transition.to,
      task: target?.task ? { taskKey: target.task.taskKey, roles: target.task.roles } : null,
      requirements: transition.requirements ?? [],
      effects,
      message: transition.message ?? 'none',
      escalation: rule ? { rule: rule.key, due: addWorkingDays(now, rule.maxWorkingDays).toISOString() } : null,
    },
  };
}

const key = z.string({ error: MESSAGE.invalidType }).regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, MESSAGE.invalidValue);
const unitType = z.enum(UNIT_TYPES as unknown as [UnitType, ...UnitType[]], { error: MESSAGE.invalidValue });
const tenantType = z.enum(['standard', 'ccl'], { error: MESSAGE.invalidValue });
const comment = z.string({ error: MESSAGE.invalidType }).max(500, MESSAGE.tooLong);
const revision = z.number({ error: MESSAGE.required }).int().positive();

/** Positions pinned in the editor: per view, per node id, bounded. */
export const layoutSchema = z
  .record(
    z.string().max(80),
    z.record(z.string().max(80), z.strictObject({ x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) })),
    { error: MESSAGE.invalidType },
  )
  .refine((layout) => Object.keys(layout).length <= 40 && Object.values(layout).every((nodes) => Object.keys(nodes).length <= 300), MESSAGE.invalidValue);

export const mappingSchema = z
  .array(z.strictObject({ unitType, tenantType, state: key, to: key }), { error: MESSAGE.invalidType })
  .max(200, MESSAGE.invalidValue);

/** `POST api/workflow-definition/drafts`: a new draft, a copy of the version in force. */
export const draftCreateSchema = z.strictObject({ comment: comment.optional() });

/** `PUT api/workflow-definition/drafts/{version}`: the draft's definition and pinned positions, with the revision read. */
export const draftUpdateSchema = z.strictObject({
  definition: z.record(z.string(), z.unknown(), { error: MESSAGE.invalidType }),
  layout: layoutSchema.optional(),
  comment: comment.optional(),
  revision,
});

/** `POST api/workflow-definition/drafts/{version}/publish`: the version in force the configurer saw, and the mapping. */
export const publishSchema = z.strictObject({
  inForceVersion: z.number({ error: MESSAGE.required }).int().positive(),
  revision,
  mapping: mappingSchema.optional(),
});

export { viewId };
export type { TenantType };
