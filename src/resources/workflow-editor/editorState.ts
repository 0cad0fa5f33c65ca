/**
 * The editor's edits of a draft definition as pure functions, and the undo/redo history around them.
 */
import type { LocalText, WorkflowDefinition, WorkflowLabels, WorkflowState, WorkflowTransition } from '../../domain/workflow';
import type { WorkflowView } from '../../domain/workflowChecks';

export interface History {
  past: WorkflowDefinition[];
  present: WorkflowDefinition;
  future: WorkflowDefinition[];
}

export type HistoryAction = { type: 'edit'; edit: (definition: WorkflowDefinition) => WorkflowDefinition } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; definition: WorkflowDefinition };

const LIMIT = 100;

export function historyReducer(history: History, action: HistoryAction): History {
  switch (action.type) {
    case 'edit': {
      const next = action.edit(structuredClone(history.present));
      if (JSON.stringify(next) === JSON.stringify(history.present)) return history;
      return { past: [...history.past, history.present].slice(-LIMIT), present: next, future: [] };
    }
    case 'undo':
      return history.past.length ? { past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [history.present, ...history.future] } : history;
    case 'redo':
      return history.future.length ? { past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) } : history;
    case 'reset':
      return { past: [], present: action.definition, future: [] };
  }
}

/** A key not taken yet among `taken`, from a base (`NewState`, `NewState2`, …). */
export function freeKey(base: string, taken: string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}${n}`)) return `${base}${n}`;
}

export const addState = (view: WorkflowView, key: string) => (definition: WorkflowDefinition) => {
  definition.states.push({ key, unitTypes: [view.unitType], tenantTypes: [view.tenantType] });
  return definition;
};

const inView = (entry: { unitTypes: string[]; tenantTypes?: string[] }, view: WorkflowView) => entry.unitTypes.includes(view.unitType) && (!entry.tenantTypes || entry.tenantTypes.includes(view.tenantType));

/** Removes a state from a view: its transitions in and out and its escalations go with it (there). */
export const removeState = (view: WorkflowView, key: string) => (definition: WorkflowDefinition) => {
  definition.states = definition.states.filter((state) => !(state.key === key && inView(state, view)));
  definition.transitions = definition.transitions
    .map((transition) => (inView(transition, view) ? { ...transition, from: transition.from.filter((from) => from !== key) } : transition))
    .filter((transition) => !(inView(transition, view) && (transition.to === key || !transition.from.length)));
  definition.escalations = definition.escalations.filter((rule) => !(rule.state === key && inView(rule, view)));
  return definition;
};

/** Renames a state key everywhere it is named (transitions, effects, escalations, labels). */
export const renameState = (from: string, to: string) => (definition: WorkflowDefinition) => {
  for (const state of definition.states) if (state.key === from) state.key = to;
  for (const transition of definition.transitions) {
    transition.from = transition.from.map((key) => (key === from ? to : key));
    if (transition.to === from) transition.to = to;
    for (const effect of transition.effects ?? [])
      if (effect.type === 'move-units') {
        effect.fromStates = effect.fromStates.map((key) => (key === from ? to : key));
        if (effect.to === from) effect.to = to;
      }
  }
  for (const rule of definition.escalations) if (rule.state === from) rule.state = to;
  const labels = definition.labels?.states;
  if (labels?.[from]) {
    labels[to] = labels[from];
    delete labels[from];
  }
  return definition;
};

/** A new transition dragged from state to state: no roles yet (the checks mark it until one is picked). */
export const addTransition = (view: WorkflowView, action: string, from: string, to: string) => (definition: WorkflowDefinition) => {
  definition.transitions.push({ action, unitTypes: [view.unitType], tenantTypes: [view.tenantType], from: [from], to, roles: [] });
  return definition;
};

export const removeTransition = (action: string, view: WorkflowView) => (definition: WorkflowDefinition) => {
  definition.transitions = definition.transitions.filter((transition) => !(transition.action === action && inView(transition, view)));
  return definition;
};

export const updateState = (key: string, view: WorkflowView, patch: Partial<WorkflowState>) => (definition: WorkflowDefinition) => {
  const state = definition.states.find((candidate) => candidate.key === key && inView(candidate, view));
  if (state) Object.assign(state, patch);
  for (const name of Object.keys(patch) as (keyof WorkflowState)[]) if (state && patch[name] === undefined) delete state[name];
  return definition;
};

export const updateTransition = (action: string, view: WorkflowView, patch: Partial<WorkflowTransition>) => (definition: WorkflowDefinition) => {
  const transition = definition.transitions.find((candidate) => candidate.action === action && inView(candidate, view));
  if (transition) Object.assign(transition, patch);
  for (const name of Object.keys(patch) as (keyof WorkflowTransition)[]) if (transition && patch[name] === undefined) delete transition[name];
  return definition;
};

export const renameAction = (view: WorkflowView, from: string, to: string) => (definition: WorkflowDefinition) => {
  for (const transition of definition.transitions) if (transition.action === from && inView(transition, view)) transition.action = to;
  const labels = definition.labels?.actions;
  if (labels?.[from]) {
    labels[to] = labels[from];
    delete labels[from];
  }
  return definition;
};

/** Sets one language of a label; empty texts are dropped (the translation files answer then). */
export const setLabel = (kind: keyof WorkflowLabels, key: string, language: keyof LocalText, text: string) => (definition: WorkflowDefinition) => {
  const labels = (definition.labels ??= {});
  const map = (labels[kind] ??= {});
  const entry = (map[key] ??= {});
  if (text.trim()) entry[language] = text;
  else delete entry[language];
  if (!Object.keys(entry).length) delete map[key];
  return definition;
};
