/**
 * The views of a workflow definition (one per unit type × tenant type) and the checks the diagram editor marks on
 * them and the server applies before publishing: states no way reaches, states with no way out that are not final,
 * actions no role can fire, escalations on states the view does not have.
 */
import { isClosedState, UNIT_TYPES, type UnitType } from './projectUnits';
import { appliesTo, initialStateOf, type TenantType, type WorkflowDefinition, type WorkflowTransition } from './workflow';

export const TENANT_TYPES: readonly TenantType[] = ['standard', 'ccl'];

export interface WorkflowView {
  unitType: UnitType;
  tenantType: TenantType;
}

export const viewId = (view: WorkflowView) => `${view.unitType}.${view.tenantType}`;

/** The views that have states (folders have none in the default). */
export function workflowViews(definition: WorkflowDefinition): WorkflowView[] {
  return UNIT_TYPES.flatMap((unitType) =>
    TENANT_TYPES.filter((tenantType) => definition.states.some((state) => appliesTo(state, unitType, tenantType))).map((tenantType) => ({ unitType, tenantType })),
  );
}

export type WorkflowCheckKind = 'unreachable' | 'deadEnd' | 'noRole' | 'escalationState';

/** One finding, placed on an element of a view (a state key, a transition's action, an escalation key). */
export interface WorkflowCheck {
  kind: WorkflowCheckKind;
  view: string;
  state?: string;
  action?: string;
  escalation?: string;
}

/** A transition leaves a state when it names it, or names `*` (any state but its target and the closed ones). */
export function leaves(transition: Pick<WorkflowTransition, 'from' | 'to'>, stateKey: string): boolean {
  if (transition.from.includes(stateKey)) return true;
  return transition.from.includes('*') && stateKey !== transition.to && !isClosedState(stateKey);
}

/** The ways between states of one view: its own transitions and other units' `move-units` effects on it. */
export function viewEdges(definition: WorkflowDefinition, view: WorkflowView): { from: string; to: string; action: string; effect: boolean }[] {
  const states = definition.states.filter((state) => appliesTo(state, view.unitType, view.tenantType)).map((state) => state.key);
  const edges: { from: string; to: string; action: string; effect: boolean }[] = [];
  for (const transition of definition.transitions) {
    if (transition.tenantTypes && !transition.tenantTypes.includes(view.tenantType)) continue;
    if (appliesTo(transition, view.unitType, view.tenantType))
      for (const from of states) if (leaves(transition, from)) edges.push({ from, to: transition.to, action: transition.action, effect: false });
    for (const effect of transition.effects ?? []) {
      if (effect.type !== 'move-units' || !effect.unitTypes.includes(view.unitType)) continue;
      for (const from of effect.fromStates) edges.push({ from, to: effect.to, action: transition.action, effect: true });
    }
  }
  return edges;
}

/** Every finding of the reachability checks, per view (empty when the definition is sound). */
export function workflowChecks(definition: WorkflowDefinition): WorkflowCheck[] {
  const checks: WorkflowCheck[] = [];
  for (const view of workflowViews(definition)) {
    const id = viewId(view);
    const states = definition.states.filter((state) => appliesTo(state, view.unitType, view.tenantType));
    const edges = viewEdges(definition, view);
    const start = initialStateOf(definition, view.unitType, view.tenantType);
    const reached = new Set<string>(start ? [start] : []);
    const queue = [...reached];
    while (queue.length) {
      const from = queue.shift()!;
      for (const edge of edges) if (edge.from === from && !reached.has(edge.to)) reached.add(edge.to) && queue.push(edge.to);
    }
    for (const state of states) {
      if (start && !reached.has(state.key)) checks.push({ kind: 'unreachable', view: id, state: state.key });
      if (!state.final && !edges.some((edge) => edge.from === state.key && edge.to !== state.key)) checks.push({ kind: 'deadEnd', view: id, state: state.key });
    }
    for (const transition of definition.transitions)
      if (appliesTo(transition, view.unitType, view.tenantType) && !transition.roles.length) checks.push({ kind: 'noRole', view: id, action: transition.action });
    const keys = new Set(states.map((state) => state.key));
    for (const rule of definition.escalations)
      if (appliesTo(rule, view.unitType, view.tenantType) && !keys.has(rule.state)) checks.push({ kind: 'escalationState', view: id, escalation: rule.key, state: rule.state });
  }
  return checks;
}

/** A finding as one line of text (the API's 422 and the server log). */
export function describeCheck(check: WorkflowCheck): string {
  const element = check.kind === 'noRole' ? `action ${check.action}` : check.kind === 'escalationState' ? `escalation ${check.escalation} (state ${check.state})` : `state ${check.state}`;
  const what = { unreachable: 'no way leads there', deadEnd: 'no way out and not final', noRole: 'no role can fire it', escalationState: 'the state does not exist' }[check.kind];
  return `${check.view}: ${element}: ${what}`;
}

const checkId = (check: WorkflowCheck) => `${check.kind}|${check.view}|${check.state ?? ''}|${check.action ?? ''}|${check.escalation ?? ''}`;

/**
 * The findings that stop a draft from being published: actions no role can fire and escalations on missing states
 * always; reachability findings when the draft brings them (the version in force may carry some, e.g. the default's
 * approval lots of CCL projects, which only a data change moves on; they stay visible but do not block).
 */
export function blockingChecks(inForce: WorkflowDefinition | null, draft: WorkflowDefinition): WorkflowCheck[] {
  const before = new Set((inForce ? workflowChecks(inForce) : []).map(checkId));
  return workflowChecks(draft).filter((check) => check.kind === 'noRole' || check.kind === 'escalationState' || !before.has(checkId(check)));
}
