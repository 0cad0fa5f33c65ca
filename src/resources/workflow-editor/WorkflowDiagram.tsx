import { applyNodeChanges, Background, Controls, MiniMap, ReactFlow, type Connection, type Edge, type Node } from '@xyflow/react';
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
  // Click, or Tab to a node or edge and Enter: the selection drives the property panel.
  const onSelectionChange = ({ nodes: selectedNodes, edges: selectedEdges }: { nodes: Node[]; edges: Edge[] }) => {
    const node = selectedNodes[0] as Node<StateNodeData> | undefined;
    if (node && !node.data.anyState) onSelect({ kind: 'state', id: node.id });
    else if (selectedEdges[0]?.data?.action) onSelect({ kind: 'transition', action: String(selectedEdges[0].data.action) });
  };
  return (
    <ReactFlow
      aria-label={translate('WORKFLOW.Editor.Diagram')}
      nodes={shown}
      edges={edges}
      nodeTypes={nodeTypes}
      fitView
      minZoom={0.1}
      onSelectionChange={onSelectionChange}
      edgesFocusable
      nodesFocusable
      onConnect={(connection: Connection) => connection.source && connection.target && onConnect?.(connection.source, connection.target)}
      onNodeDragStop={(_, node) => onPin?.(node.id, node.position)}
      nodesConnectable={!!onConnect}
      nodesDraggable={!!onPin}
      onNodesChange={(changes) => setShown((current) => applyNodeChanges(changes, current))}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <MiniMap pannable zoomable ariaLabel={translate('WORKFLOW.Editor.MiniMap')} />
      <Controls />
    </ReactFlow>
  );
}
