import { diffLines } from 'diff';

export type DiffLineKind = 'added' | 'removed' | 'same';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** Line number in version A (removed and unchanged lines). */
  before?: number;
  /** Line number in version B (added and unchanged lines). */
  after?: number;
}

/** A run of unchanged lines folded away, or lines to show. */
export type DiffBlock = { kind: 'lines'; lines: DiffLine[] } | { kind: 'folded'; lines: DiffLine[] };

/** Lines kept visible around every change. */
export const DIFF_CONTEXT_LINES = 3;

/** The line diff of two texts (package `diff`), numbered on both sides. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let beforeLine = 1;
  let afterLine = 1;
  for (const change of diffLines(before, after)) {
    const texts = change.value.replace(/\n$/, '').split('\n');
    for (const text of texts) {
      if (change.added) lines.push({ kind: 'added', text, after: afterLine++ });
      else if (change.removed) lines.push({ kind: 'removed', text, before: beforeLine++ });
      else lines.push({ kind: 'same', text, before: beforeLine++, after: afterLine++ });
    }
  }
  return lines;
}

/** Unchanged runs longer than the context around them are folded, so a one-line change in a large sheet stays readable. */
export function foldUnchanged(lines: DiffLine[], context = DIFF_CONTEXT_LINES): DiffBlock[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let i = Math.max(0, index - context); i <= Math.min(lines.length - 1, index + context); i++) near[i] = true;
  });
  const blocks: DiffBlock[] = [];
  for (let index = 0; index < lines.length; ) {
    const visible = near[index];
    let end = index;
    while (end < lines.length && near[end] === visible) end++;
    const run = lines.slice(index, end);
    const last = blocks[blocks.length - 1];
    // Folding a single line saves nothing: show it.
    if (!visible && run.length > 1) blocks.push({ kind: 'folded', lines: run });
    else if (last?.kind === 'lines') last.lines.push(...run);
    else blocks.push({ kind: 'lines', lines: run });
    index = end;
  }
  return blocks;
}

export function countChanges(lines: DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((line) => line.kind === 'added').length,
    removed: lines.filter((line) => line.kind === 'removed').length,
  };
}
