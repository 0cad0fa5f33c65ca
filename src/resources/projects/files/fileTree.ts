import type { DownloadRequestItem, FileTreeNode } from '../../../domain/projectFiles';

export type CheckState = 'all' | 'some' | 'none';

/** Every file id of a unit and of the units below it. */
export function filesBelow(node: FileTreeNode): number[] {
  return [...node.files.map((file) => file.projectFileID), ...node.children.flatMap(filesBelow)];
}

/** A unit's checkbox: checked when all its files are selected, indeterminate when some are. */
export function checkState(node: FileTreeNode, selected: ReadonlySet<number>): CheckState {
  const ids = filesBelow(node);
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** A unit's checkbox selects all its files and descendants, or clears them when all were selected. */
export function toggleUnit(node: FileTreeNode, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  const ids = filesBelow(node);
  if (checkState(node, selected) === 'all') ids.forEach((id) => next.delete(id));
  else ids.forEach((id) => next.add(id));
  return next;
}

export function toggleFile(fileId: number, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (next.has(fileId)) next.delete(fileId);
  else next.add(fileId);
  return next;
}

/** The request body of `POST api/file/projectFiles/{root}`, in the tree's order. */
export function downloadItems(tree: FileTreeNode[], selected: ReadonlySet<number>): DownloadRequestItem[] {
  return tree.flatMap((node) => [
    ...node.files.filter((file) => selected.has(file.projectFileID)).map((file) => ({ projectUnitID: node.projectUnitID, fileID: file.projectFileID, fileName: file.name })),
    ...downloadItems(node.children, selected),
  ]);
}
