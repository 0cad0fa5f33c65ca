/**
 * The diagram of a workflow definition: nodes and edges of one view (unit type × tenant type), or of the overview
 * (a lane per unit type, effects as dashed edges between lanes), laid out by dagre; pinned positions win.
 */
import dagre from '@dagrejs/dagre';
import type { Edge, Node } from '@xyflow/react';
import { appliesTo, type WorkflowDefinition, type WorkflowState } from '../../domain/workflow';
import { viewId, workflowViews, leaves, type WorkflowCheck, type WorkflowView } from '../../domain/workflowChecks';
import type { ChangeMark } from '../../domain/workflowVersions';

export const OVERVIEW = 'overview';
export const ANY_STATE = '*';
export const NODE_WIDTH = 210;
export const NODE_HEIGHT = 86;

export interface StateNodeData extends Record<string, unknown> {
  state: WorkflowState;
  label: string;
  problems: WorkflowCheck[];
  mark?: ChangeMark;
  escalationDays?: number;
  simulated?: boolean;
  anyState?: boolean;
  /** The heading of a lane of the overview (its unit type), not a state. */
  lane?: boolean;
}

export type Positions = Record<string, { x: number; y: number }>;

export const parseView = (id: string): WorkflowView | null => {
  const [unitType, tenantType] = id.split('.');
  return unitType && tenantType ? ({ unitType, tenantType } as WorkflowView) : null;
};

/** Node ids: the state key in a view; `<unitType>:<key>` in the overview. */
function viewGraph(definition: WorkflowDefinition, view: WorkflowView, prefix: string, labelOf: (kind: 'states' | 'actions', key: string) => string, checks: WorkflowCheck[]) {
  const id = viewId(view);
  const states = definition.states.filter((state) => appliesTo(state, view.unitType, view.tenantType));
  const nodes: Node<StateNodeData>[] = states.map((state) => ({
    id: prefix + state.key,
    type: 'state',
    position: { x: 0, y: 0 },
    data: {
      state,
      label: labelOf('states', state.key),
      problems: checks.filter((check) => check.view === id && check.state === state.key && check.kind !== 'escalationState'),
      escalationDays: definition.escalations.find((rule) => rule.state === state.key && appliesTo(rule, view.unitType, view.tenantType))?.maxWorkingDays,
    },
  }));
  const edges: Edge[] = [];
  let anyState = false;
  for (const transition of definition.transitions) {
    if (!appliesTo(transition, view.unitType, view.tenantType)) continue;
    const noRole = checks.some((check) => check.view === id && check.kind === 'noRole' && check.action === transition.action);
    const label = `${labelOf('actions', transition.action)} · ${transition.roles.join(', ') || '—'}`;
    const sources = transition.from.includes('*') ? [ANY_STATE] : transition.from.filter((from) => states.some((state) => state.key === from));
    if (transition.from.includes('*')) anyState = true;
    for (const from of sources)
      edges.push({
        id: `${prefix}${transition.action}|${from}`,
        source: prefix + from,
        target: prefix + transition.to,
        label,
        data: { action: transition.action, problem: noRole },
        ariaLabel: label,
        style: noRole ? { stroke: '#c62828', strokeWidth: 2 } : undefined,
      });
  }
  if (anyState)
    nodes.push({
      id: prefix + ANY_STATE,
      type: 'state',
      position: { x: 0, y: 0 },
      data: { state: { key: ANY_STATE, unitTypes: [view.unitType] }, label: '', problems: [], anyState: true },
    });
  return { nodes, edges };
}

function layout(nodes: Node[], edges: Edge[], positions: Positions, offset = { x: 0, y: 0 }) {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 50, ranksep: 70 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges) if (edge.source !== edge.target && graph.hasNode(edge.source) && graph.hasNode(edge.target)) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  let maxX = 0;
  for (const node of nodes) {
    const placed = graph.node(node.id);
    node.position = positions[node.id] ?? { x: placed.x - NODE_WIDTH / 2 + offset.x, y: placed.y - NODE_HEIGHT / 2 + offset.y };
    maxX = Math.max(maxX, node.position.x + NODE_WIDTH);
  }
  return maxX;
}

export interface GraphOptions {
  labelOf: (kind: 'states' | 'actions', key: string) => string;
  checks: WorkflowCheck[];
  positions: Positions;
  /** A unit type's name (the overview's lane headings). */
  laneLabel?: (unitType: string) => string;
}

/** The diagram of a view, or the overview's lanes (standard tenants) with the effects between them. */
export function buildGraph(definition: WorkflowDefinition, view: string, options: GraphOptions): { nodes: Node<StateNodeData>[]; edges: Edge[] } {
  const single = parseView(view);
  if (single) {
    const graph = viewGraph(definition, single, '', options.labelOf, options.checks);
    layout(graph.nodes, graph.edges, options.positions);
    return graph;
  }
  const nodes: Node<StateNodeData>[] = [];
  const edges: Edge[] = [];
  let x = 0;
  for (const lane of workflowViews(definition).filter((candidate) => candidate.tenantType === 'standard')) {
    const graph = viewGraph(definition, lane, `${lane.unitType}:`, options.labelOf, options.checks);
    const laneX = x;
    x = layout(graph.nodes, graph.edges, options.positions, { x, y: 60 }) + 120;
    const left = Math.min(laneX, ...graph.nodes.map((node) => node.position.x));
    nodes.push({
      id: `lane:${lane.unitType}`,
      type: 'state',
      position: { x: left, y: -20 },
      selectable: false,
      draggable: false,
      connectable: false,
      focusable: false,
      data: { state: { key: lane.unitType, unitTypes: [lane.unitType] }, label: options.laneLabel?.(lane.unitType) ?? lane.unitType, problems: [], lane: true },
    });
    nodes.push(...graph.nodes);
    edges.push(...graph.edges);
  }
  // Effects that move units of other types: dashed, from the transition's target to the moved units' target.
  for (const transition of definition.transitions)
    for (const effect of transition.effects ?? []) {
      if (effect.type !== 'move-units') continue;
      for (const source of transition.unitTypes)
        for (const target of effect.unitTypes) {
          const from = `${source}:${transition.to}`;
          const to = `${target}:${effect.to}`;
          if (nodes.some((node) => node.id === from) && nodes.some((node) => node.id === to))
            edges.push({ id: `effect|${transition.action}|${from}|${to}`, source: from, target: to, label: options.labelOf('actions', transition.action), style: { strokeDasharray: '6 4' }, data: { effect: true } });
        }
    }
  return { nodes, edges };
}

/** Whether a transition may leave a state (for the simulation's buttons and the panel). */
export { leaves };
