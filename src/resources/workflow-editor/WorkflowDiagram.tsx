import { applyNodeChanges, Background, Controls, MiniMap, ReactFlow, type Connection, type Edge, type EdgeChange, type Node, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { StateNodeData } from './graph';
import { StateNode } from './StateNode';

const nodeTypes = { state: StateNode };

export interface DiagramProps {
  nodes: Node<StateNodeData>[];
  edges: Edge[];
  onSelect: (selection: { kind: 'state'; id: string } | { kind: 'transition'; action: string } | null) => void;
  onConnect?: (from: string, to: string) => void;
  onPin?: (id: string, position: { x: number; y: number }) => void;
}

/** The canvas: zoom, pan, minimap, fit; nodes and edges are focusable (Tab) and selectable with Enter. */
export function WorkflowDiagram({ nodes, edges, onSelect, onConnect, onPin }: DiagramProps) {
  const translate = useTranslate();
  // Positions move while dragging; the layout (with the pins) comes back whenever the definition changes.
  const [shown, setShown] = useState(nodes);
  useEffect(() => setShown(nodes), [nodes]);
  // Click, or Tab to a node or edge and Enter: a user's choice arrives as a `select` change and drives the property
  // panel. (Not onSelectionChange: it also reports the selection the editor sets, and reported a state selected
  // before a transition added from the panel had replaced it.)
  const onNodesChange = (changes: NodeChange<Node<StateNodeData>>[]) => {
    setShown((current) => applyNodeChanges(changes, current));
    const picked = changes.find((change) => change.type === 'select' && change.selected);
    const node = picked && 'id' in picked ? nodes.find((candidate) => candidate.id === picked.id) : undefined;
    if (node && !node.data.anyState) onSelect({ kind: 'state', id: node.id });
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    const picked = changes.find((change) => change.type === 'select' && change.selected);
    const edge = picked && 'id' in picked ? edges.find((candidate) => candidate.id === picked.id) : undefined;
    if (edge?.data?.action) onSelect({ kind: 'transition', action: String(edge.data.action) });
  };
  return (
    <ReactFlow
      aria-label={translate('WORKFLOW.Editor.Diagram')}
      nodes={shown}
      edges={edges}
      nodeTypes={nodeTypes}
      fitView
      minZoom={0.1}
      edgesFocusable
      nodesFocusable
      onConnect={(connection: Connection) => connection.source && connection.target && onConnect?.(connection.source, connection.target)}
      onNodeDragStop={(_, node) => onPin?.(node.id, node.position)}
      nodesConnectable={!!onConnect}
      nodesDraggable={!!onPin}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <MiniMap pannable zoomable ariaLabel={translate('WORKFLOW.Editor.MiniMap')} />
      <Controls />
    </ReactFlow>
  );
}
