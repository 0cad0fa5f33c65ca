import type { TreeFloor } from './viewerSelection';

/** One row of the model tree as shown (collapsed floors hide their walls). */
export type TreeRow = { key: string; kind: 'floor'; id: number; expanded: boolean } | { key: string; kind: 'wall'; id: number; floorId: number };

export const floorKey = (id: number) => `floor-${id}`;
export const wallKey = (id: number) => `wall-${id}`;

/** The rows in screen order; while searching every remaining floor is open. */
export function visibleRows(floors: readonly TreeFloor[], expanded: ReadonlySet<number>, searching: boolean): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const { floor, walls } of floors) {
    const open = searching || expanded.has(floor.id);
    rows.push({ key: floorKey(floor.id), kind: 'floor', id: floor.id, expanded: open });
    if (open) for (const wall of walls) rows.push({ key: wallKey(wall.id), kind: 'wall', id: wall.id, floorId: floor.id });
  }
  return rows;
}

/** What a key press on a row does: move the focus, open or close a floor, or choose the row. */
export type TreeKeyAction = { type: 'focus'; key: string } | { type: 'toggle'; floorId: number } | { type: 'select'; row: TreeRow } | null;

/** The WAI-ARIA tree pattern: arrows move and open/close, Home/End jump, Enter and Space choose. */
export function treeKeyAction(rows: readonly TreeRow[], current: string, key: string): TreeKeyAction {
  const index = rows.findIndex((row) => row.key === current);
  if (index < 0) return rows.length ? { type: 'focus', key: rows[0].key } : null;
  const row = rows[index];
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { type: 'focus', key: rows[index + 1].key } : null;
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', key: rows[index - 1].key } : null;
    case 'Home':
      return { type: 'focus', key: rows[0].key };
    case 'End':
      return { type: 'focus', key: rows[rows.length - 1].key };
    case 'ArrowRight':
      if (row.kind !== 'floor') return null;
      if (!row.expanded) return { type: 'toggle', floorId: row.id };
      return rows[index + 1]?.kind === 'wall' ? { type: 'focus', key: rows[index + 1].key } : null;
    case 'ArrowLeft':
      if (row.kind === 'wall') return { type: 'focus', key: floorKey(row.floorId) };
      return row.expanded ? { type: 'toggle', floorId: row.id } : null;
    case 'Enter':
    case ' ':
      return { type: 'select', row };
    default:
      return null;
  }
}
