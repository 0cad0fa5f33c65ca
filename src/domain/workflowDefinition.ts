/**
 * Rules about a workflow definition as a whole (not about one unit): the consistency checks JSON Schema
 * cannot express, and the way through it to a state (demo history).
 */
import { UNIT_TYPES, type UnitType } from './projectUnits';
import { appliesTo, initialStateOf, WORKFLOW_ROLES, type TenantType, type WorkflowDefinition } from './workflow';

/**
 * What JSON Schema cannot say: states and transitions fit together. Returns readable problems (empty when
 * the definition is sound).
 */
export function definitionProblems(definition: WorkflowDefinition): string[] {
  const problems: string[] = [];
  const tenantTypes: TenantType[] = ['standard', 'ccl'];
  // Once per unit and tenant type (not per transition): the rules stay linear in the definition's size.
  const stateSets = new Map<string, Set<string>>();
  const statesOf = (unitType: UnitType, tenantType: TenantType) => {
    const id = `${unitType}/${tenantType}`;
    let states = stateSets.get(id);
    if (!states) stateSets.set(id, (states = new Set(definition.states.filter((state) => appliesTo(state, unitType, tenantType)).map((state) => state.key))));
    return states;
  };
  const knownRole = (role: string) => (WORKFLOW_ROLES as readonly string[]).includes(role);

  for (const unitType of UNIT_TYPES) {
    for (const tenantType of tenantTypes) {
      const initial = definition.states.filter((state) => state.initial && appliesTo(state, unitType, tenantType));
      if (initial.length > 1) problems.push(`${unitType} (${tenantType}) has ${initial.length} initial states: ${initial.map((s) => s.key).join(', ')}`);
    }
  }
  const seen = new Set<string>();
  for (const state of definition.states) {
    for (const unitType of state.unitTypes)
      for (const tenantType of state.tenantTypes ?? tenantTypes) {
        const id = `${unitType}/${tenantType}/${state.key}`;
        if (seen.has(id)) problems.push(`state ${state.key} is defined twice for ${unitType} (${tenantType})`);
        seen.add(id);
      }
    for (const role of state.task?.roles ?? []) if (!knownRole(role)) problems.push(`state ${state.key}: unknown role ${role}`);
  }
  const actions = new Set<string>();
  for (const transition of definition.transitions) {
    const id = `${transition.action}/${transition.unitTypes.join(',')}/${(transition.tenantTypes ?? tenantTypes).join(',')}`;
    if (actions.has(id)) problems.push(`transition ${transition.action} is defined twice for the same unit types`);
    actions.add(id);
    for (const role of transition.roles) if (!knownRole(role)) problems.push(`transition ${transition.action}: unknown role ${role}`);
    for (const unitType of transition.unitTypes)
      for (const tenantType of transition.tenantTypes ?? tenantTypes) {
        const states = statesOf(unitType, tenantType);
        if (!states.size) continue;
        for (const from of transition.from)
          if (from !== '*' && !states.has(from)) problems.push(`transition ${transition.action}: ${unitType} (${tenantType}) has no state ${from}`);
        if (!states.has(transition.to)) problems.push(`transition ${transition.action}: ${unitType} (${tenantType}) has no state ${transition.to}`);
        for (const effect of transition.effects ?? []) {
          if (effect.type !== 'move-units') continue;
          for (const target of effect.unitTypes) {
            const targetStates = statesOf(target, tenantType);
            if (!targetStates.has(effect.to)) problems.push(`transition ${transition.action}: effect moves ${target} to unknown state ${effect.to}`);
          }
        }
      }
  }
  const ruleKeys = new Set<string>();
  for (const rule of definition.escalations) {
    if (ruleKeys.has(rule.key)) problems.push(`escalation ${rule.key} is defined twice`);
    ruleKeys.add(rule.key);
    for (const unitType of rule.unitTypes)
      for (const tenantType of rule.tenantTypes ?? tenantTypes) {
        const states = statesOf(unitType, tenantType);
        if (states.size && !states.has(rule.state)) problems.push(`escalation ${rule.key}: ${unitType} (${tenantType}) has no state ${rule.state}`);
      }
    for (const role of rule.notifyRoles) if (!knownRole(role)) problems.push(`escalation ${rule.key}: unknown role ${role}`);
  }
  return problems;
}

/** One step of a unit's way through the definition: its own transition, or another unit's effect that moved it. */
export interface HistoryStep {
  action: string;
  from: string;
  to: string;
  roles: string[];
}

/**
 * The shortest way from the initial state of a unit type to a state, over the type's own transitions and
 * the `move-units` effects that move it (used to write a plausible history for demo data).
 */
export function historyPath(definition: WorkflowDefinition, unitType: string, tenantType: TenantType, target: string, isRoot: boolean): HistoryStep[] | null {
  const start = initialStateOf(definition, unitType, tenantType);
  if (!start) return null;
  const edges: HistoryStep[] = [];
  for (const transition of definition.transitions) {
    if (transition.tenantTypes && !transition.tenantTypes.includes(tenantType)) continue;
    if (appliesTo(transition, unitType, tenantType) && (!transition.rootOnly || isRoot)) {
      for (const from of transition.from) if (from !== '*') edges.push({ action: transition.action, from, to: transition.to, roles: transition.roles });
    }
    for (const effect of transition.effects ?? []) {
      if (effect.type !== 'move-units' || !effect.unitTypes.includes(unitType as UnitType)) continue;
      for (const from of effect.fromStates) edges.push({ action: transition.action, from, to: effect.to, roles: transition.roles });
    }
  }
  const previous = new Map<string, HistoryStep | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const state = queue.shift()!;
    if (state === target) break;
    for (const edge of edges.filter((candidate) => candidate.from === state)) {
      if (previous.has(edge.to)) continue;
      previous.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  if (!previous.has(target)) {
    // Closing is possible from any state: the way to the state before, then the close.
    const close = definition.transitions.find((transition) => transition.to === target && transition.from.includes('*') && appliesTo(transition, unitType, tenantType));
    return close && start !== target ? [{ action: close.action, from: start, to: target, roles: close.roles }] : null;
  }
  const steps: HistoryStep[] = [];
  for (let step = previous.get(target); step; step = previous.get(step.from)) steps.unshift(step);
  return steps;
}
