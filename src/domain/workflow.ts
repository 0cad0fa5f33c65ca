/**
 * The workflow is data (schemas/workflow.schema.json, default schemas/workflow.default.json): states per
 * unit type, transitions, whose task each state is, and escalation rules. Everything below is pure and is
 * used by the API (transition checks, tasks, escalations) and by the app (task panels, action buttons).
 */
import { z } from 'zod';
import type { Language } from './languages';
import { MESSAGE } from './validation';
import { isClosedState, MEMBER_ROLES, type UnitType } from './projectUnits';

export type TenantType = 'standard' | 'ccl';

/** Roles a definition can name: the member roles plus who the user is. */
export const PSEUDO_ROLES = ['internal', 'external', 'admin'] as const;
export const WORKFLOW_ROLES = [...MEMBER_ROLES, ...PSEUDO_ROLES] as const;

/** Guards the server evaluates against the project's data (the app shows the same result as a hint). */
export const WORKFLOW_GUARDS = ['needs-structure', 'needs-product-type-assignments', 'needs-saved-order-items'] as const;
export type WorkflowGuard = (typeof WORKFLOW_GUARDS)[number];

/** Help dialogs a task panel can open. */
export const TASK_HELP_TOPICS = ['upload', 'structuring', 'review-drawings', 'preparing'] as const;

/** Which call performs a transition: the state update (default), the CCL check-data call, or the structure creation. */
export const TRANSITION_CALLS = ['state-update', 'ccl-check-data'] as const;
export type TransitionCall = (typeof TRANSITION_CALLS)[number];

export type LocalText = Record<Language, string>;

export interface WorkflowTask {
  taskKey: string;
  roles: string[];
  help?: (typeof TASK_HELP_TOPICS)[number];
}

export interface WorkflowState {
  key: string;
  unitTypes: UnitType[];
  tenantTypes?: TenantType[];
  /** The state a new unit of these types starts in. */
  initial?: boolean;
  /** The end of the way: no transition out is needed (the reachability check accepts it). */
  final?: boolean;
  task?: WorkflowTask;
}

export type WorkflowEffect =
  | { type: 'create-structure-from-draft' }
  | { type: 'move-units'; unitTypes: UnitType[]; fromStates: string[]; to: string; scope: 'root' | 'children' };

export interface WorkflowTransition {
  action: string;
  unitTypes: UnitType[];
  tenantTypes?: TenantType[];
  /** States it leaves from; `*` means any state but the target and the closed states. */
  from: string[];
  to: string;
  roles: string[];
  requirements?: string[];
  guards?: WorkflowGuard[];
  effects?: WorkflowEffect[];
  rootOnly?: boolean;
  call?: TransitionCall;
  message?: 'none' | 'optional' | 'required';
  /** Shown as a secondary (e.g. "request changes") rather than the primary button. */
  secondary?: boolean;
}

export interface EscalationRule {
  key: string;
  unitTypes: UnitType[];
  tenantTypes?: TenantType[];
  state: string;
  maxWorkingDays: number;
  /** Member roles (or pseudo roles) that receive the escalation mail. */
  notifyRoles: string[];
  text: LocalText;
}

export interface WorkflowDefinition {
  $schema?: string;
  title?: string;
  states: WorkflowState[];
  transitions: WorkflowTransition[];
  escalations: EscalationRule[];
  /** Labels of states, actions and tasks by key, in de/en/nl; the i18n files are the fallback. */
  labels?: WorkflowLabels;
}

export interface WorkflowLabels {
  states?: Record<string, Partial<LocalText>>;
  actions?: Record<string, Partial<LocalText>>;
  tasks?: Record<string, Partial<LocalText>>;
}

/** What the caller is on a project: their member role plus internal/external/admin. */
export interface Actor {
  role: string | null;
  isInternal: boolean;
  isAdmin: boolean;
}

export function actorRoles(actor: Actor): string[] {
  const roles: string[] = [];
  if (actor.role) roles.push(actor.role);
  if (actor.isInternal) roles.push('internal');
  else if (actor.role) roles.push('external');
  if (actor.isAdmin) roles.push('admin');
  return roles;
}

export const appliesTo = (entry: { unitTypes: UnitType[]; tenantTypes?: TenantType[] }, unitType: string, tenantType: TenantType) =>
  entry.unitTypes.includes(unitType as UnitType) && (!entry.tenantTypes || entry.tenantTypes.includes(tenantType));


export function findState(definition: WorkflowDefinition, unitType: string, tenantType: TenantType, stateKey: string): WorkflowState | undefined {
  return definition.states.find((state) => state.key === stateKey && appliesTo(state, unitType, tenantType));
}

/** The state a new unit starts in; '' when the definition has none for the type (folders). */
export function initialStateOf(definition: WorkflowDefinition, unitType: string, tenantType: TenantType): string {
  return definition.states.find((state) => state.initial && appliesTo(state, unitType, tenantType))?.key ?? '';
}

/** The task of the unit's current state for this actor, if the state has one and the actor holds one of its roles. */
export function taskFor(
  definition: WorkflowDefinition,
  unit: { type: string; stateKey: string },
  tenantType: TenantType,
  roles: readonly string[],
): WorkflowTask | null {
  const task = findState(definition, unit.type, tenantType, unit.stateKey)?.task;
  if (!task) return null;
  return task.roles.some((role) => roles.includes(role)) ? task : null;
}

/** Every state key that carries a task (the server pre-filters candidate units with it). */
export function taskStateKeys(definition: WorkflowDefinition): string[] {
  return [...new Set(definition.states.filter((state) => state.task).map((state) => state.key))];
}

function leavesFrom(transition: WorkflowTransition, stateKey: string): boolean {
  if (transition.from.includes(stateKey)) return true;
  return transition.from.includes('*') && stateKey !== transition.to && !isClosedState(stateKey);
}

/** The transitions out of the unit's current state through one call (whoever may perform them). */
export function transitionsFrom(
  definition: WorkflowDefinition,
  unit: { type: string; stateKey: string; isRoot: boolean },
  tenantType: TenantType,
  call: TransitionCall = 'state-update',
): WorkflowTransition[] {
  return definition.transitions.filter(
    (transition) =>
      (transition.call ?? 'state-update') === call &&
      appliesTo(transition, unit.type, tenantType) &&
      leavesFrom(transition, unit.stateKey) &&
      (!transition.rootOnly || unit.isRoot),
  );
}

export type Choice =
  | { ok: true; transition: WorkflowTransition }
  | { ok: false; status: 403 | 409; reason: string };

/**
 * Picks the transition a request means: out of the current state, through this call, whose requirements
 * the request carries (the one matching most requirements wins, so `isBim` beats the plain start), and
 * the named action if one is given. 409 when the state has no such transition, 403 when the actor holds
 * none of its roles.
 */
export function chooseTransition(
  definition: WorkflowDefinition,
  unit: { type: string; stateKey: string; isRoot: boolean },
  tenantType: TenantType,
  request: { requirements?: readonly string[]; action?: string; call?: TransitionCall },
  roles: readonly string[],
): Choice {
  const requirements = request.requirements ?? [];
  const candidates = transitionsFrom(definition, unit, tenantType, request.call)
    .filter((transition) => (transition.requirements ?? []).every((requirement) => requirements.includes(requirement)))
    .filter((transition) => !request.action || transition.action === request.action)
    .sort((a, b) => (b.requirements?.length ?? 0) - (a.requirements?.length ?? 0));
  if (!candidates.length) return { ok: false, status: 409, reason: 'WORKFLOW.Errors.NotAllowedFromState' };
  const mine = candidates.find((transition) => transition.roles.some((role) => roles.includes(role)));
  if (!mine) return { ok: false, status: 403, reason: 'WORKFLOW.Errors.NotYourTask' };
  return { ok: true, transition: mine };
}

/** What the guards read, counted by the server. */
export interface GuardFacts {
  subprojects: number;
  productTypeAssignments: number;
  orderItems: number;
}

export type RuleResult = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether the guards allow the transition. `facts` may be left out where there are no guards (the server then reads
 * no counts); guards without facts are a programming error.
 */
export function evaluateGuards(guards: readonly WorkflowGuard[] | undefined, facts: GuardFacts | undefined): RuleResult {
  if (!guards?.length) return { allowed: true };
  if (!facts) throw new Error('evaluateGuards: guards need the facts they read');
  for (const guard of guards) {
    if (guard === 'needs-structure' && facts.subprojects < 1) return { allowed: false, reason: 'WORKFLOW.Guards.needs-structure' };
    if (guard === 'needs-product-type-assignments' && facts.productTypeAssignments < 1)
      return { allowed: false, reason: 'WORKFLOW.Guards.needs-product-type-assignments' };
    if (guard === 'needs-saved-order-items' && facts.orderItems < 1) return { allowed: false, reason: 'WORKFLOW.Guards.needs-saved-order-items' };
  }
  return { allowed: true };
}

export function checkMessage(transition: WorkflowTransition, message: string | undefined): RuleResult {
  if (transition.message === 'required' && !message?.trim()) return { allowed: false, reason: 'WORKFLOW.Errors.MessageRequired' };
  return { allowed: true };
}

/** An action button of the current state as the details page shows it. */
export interface UnitAction {
  action: string;
  to: string;
  requirements: string[];
  call: TransitionCall;
  message: 'none' | 'optional' | 'required';
  secondary: boolean;
  /** Disabled with this hint (a guard's key) when not allowed yet. */
  disabledReason: string | null;
  /** The transition creates the structure from the draft: on a root it is finished on the structure page. */
  buildsStructure: boolean;
}

/** Whether a transition creates the project structure from the draft (effect `create-structure-from-draft`). */
export function buildsStructure(transition: Pick<WorkflowTransition, 'effects'>): boolean {
  return (transition.effects ?? []).some((effect) => effect.type === 'create-structure-from-draft');
}

/** The buttons the actor gets on a unit: the transitions of its state they hold a role for, with guard hints. */
export function unitActions(
  definition: WorkflowDefinition,
  unit: { type: string; stateKey: string; isRoot: boolean },
  tenantType: TenantType,
  roles: readonly string[],
  facts: GuardFacts,
): UnitAction[] {
  const calls: TransitionCall[] = ['state-update', 'ccl-check-data'];
  return calls.flatMap((call) =>
    transitionsFrom(definition, unit, tenantType, call)
      .filter((transition) => transition.roles.some((role) => roles.includes(role)))
      .map((transition) => {
        const guard = evaluateGuards(transition.guards, facts);
        return {
          action: transition.action,
          to: transition.to,
          requirements: transition.requirements ?? [],
          call,
          message: transition.message ?? 'none',
          secondary: !!transition.secondary,
          disabledReason: guard.allowed ? null : guard.reason,
          buildsStructure: buildsStructure(transition),
        };
      }),
  );
}

/** The escalation rule a unit's stay in its state falls under, if any. */
export function escalationRuleFor(definition: WorkflowDefinition, unit: { type: string; stateKey: string }, tenantType: TenantType): EscalationRule | undefined {
  return definition.escalations.find((rule) => rule.state === unit.stateKey && appliesTo(rule, unit.type, tenantType));
}

/** Adds working days (Monday to Friday) to a moment, keeping its time of day. */
export function addWorkingDays(from: Date, days: number): Date {
  const result = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return result;
}

export function isOverdue(stateSince: Date, maxWorkingDays: number, now: Date): boolean {
  return addWorkingDays(stateSince, maxWorkingDays).getTime() <= now.getTime();
}

export function ruleText(rule: Pick<EscalationRule, 'text'> | undefined, language: Language): string {
  if (!rule) return '';
  return rule.text[language] || rule.text.en || '';
}

const requirementList = z
  .array(z.string({ error: MESSAGE.invalidType }).regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/, MESSAGE.invalidValue), { error: MESSAGE.invalidType })
  .max(10, MESSAGE.invalidValue);
const transitionMessage = z.string({ error: MESSAGE.invalidType }).max(4000, MESSAGE.tooLong);

/** `PUT api/data/planxchange/projectunitstates/{id}`: the spec's projectUnitID and requirements, plus optional action, message, version. */
export const stateRequestSchema = z.strictObject({
  projectUnitID: z.number({ error: MESSAGE.required }).int().positive(),
  requirements: requirementList.optional(),
  action: z.string({ error: MESSAGE.invalidType }).max(40, MESSAGE.tooLong).optional(),
  message: transitionMessage.optional(),
  version: z.number({ error: MESSAGE.invalidType }).int().positive().optional(),
});
export type StateRequest = z.infer<typeof stateRequestSchema>;

/** `POST …/projectunitstates/ccl-check-data`: toggles check data missing/complete with a free-text message. */
export const checkDataRequestSchema = z.strictObject({
  unitID: z.number({ error: MESSAGE.required }).int().positive(),
  rootUnitID: z.number({ error: MESSAGE.required }).int().positive(),
  message: transitionMessage.optional(),
});

/** `PUT api/workflow-definition`: a whole new version. */
export const definitionUpdateSchema = z.strictObject({
  definition: z.record(z.string(), z.unknown(), { error: MESSAGE.invalidType }),
  comment: z.string({ error: MESSAGE.invalidType }).max(500, MESSAGE.tooLong).optional(),
});

/** Reading and replacing the workflow definition is for configurers (and administrators). */
export function canManageWorkflow(user: { isConfigurer: boolean; isAdmin: boolean } | null | undefined): boolean {
  return !!user && (user.isConfigurer || user.isAdmin);
}
