import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * Spreadsheet keyboard for the order tables. Every editable cell's focusable element carries
 * `gridCell(row, col)`; the table (or a box around it) gets `gridProps`. One delegated handler serves all
 * cells, so rows stay cheap to render:
 * - Tab / Shift+Tab: next / previous cell (row by row); past the last cell the browser's own Tab goes on;
 * - Enter: the same column one row down; in the last row `onEnterAtEnd` decides (save the row, ...), else
 *   the next cell of the row; on a button Enter presses it;
 * - ArrowUp / ArrowDown: the same column one row up / down (not in selects, whose arrows pick a value);
 * - focusing a text or number input selects its content, so typing replaces it.
 */

export const GRID_ROW = 'data-grid-row';
export const GRID_COL = 'data-grid-col';

/** The attributes that make an element a cell of the grid. */
export function gridCell(row: number, col: number) {
  return { [GRID_ROW]: row, [GRID_COL]: col } as Record<string, number>;
}

export interface CellPosition {
  row: number;
  col: number;
}

export type GridKey = 'Tab' | 'ShiftTab' | 'Enter' | 'ArrowUp' | 'ArrowDown';

/**
 * Where a key leads from a cell among the grid's cells (in reading order): a cell, or null when it leaves the
 * grid (Tab past the end) or there is no row in that direction. Enter in the last row answers null too.
 */
export function nextCell(cells: readonly CellPosition[], from: CellPosition, key: GridKey): CellPosition | null {
  const ordered = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  const index = ordered.findIndex((cell) => cell.row === from.row && cell.col === from.col);
  if (index < 0) return null;
  if (key === 'Tab') return ordered[index + 1] ?? null;
  if (key === 'ShiftTab') return ordered[index - 1] ?? null;
  const down = key !== 'ArrowUp';
  // The nearest row in that direction that has a cell in this column.
  const candidates = ordered.filter((cell) => cell.col === from.col && (down ? cell.row > from.row : cell.row < from.row));
  return (down ? candidates[0] : candidates.at(-1)) ?? null;
}

/** Is the cell the last one of the last row? */
export function isLastCell(cells: readonly CellPosition[], from: CellPosition): boolean {
  return !cells.some((cell) => cell.row > from.row || (cell.row === from.row && cell.col > from.col));
}

export interface GridKeyboardOptions {
  /**
   * Enter in the last row (where there is no row below), in column `col`; `last`: on the grid's last cell.
   * Answer true when handled (e.g. the row was saved and a fresh row will take the focus); otherwise the focus
   * moves on to the next cell of the row.
   */
  onEnterAtEnd?: (row: number, col: number, last: boolean) => boolean | void;
}

const position = (element: Element): CellPosition => ({ row: Number(element.getAttribute(GRID_ROW)), col: Number(element.getAttribute(GRID_COL)) });
const isSelect = (element: HTMLElement) => element.tagName === 'SELECT' || element.getAttribute('role') === 'combobox';
const enabled = (element: HTMLElement) => !(element as HTMLInputElement).disabled && element.getAttribute('aria-disabled') !== 'true';

export function useGridKeyboard(options: GridKeyboardOptions = {}) {
  const gridRef = useRef<HTMLElement | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const pending = useRef(0);
  // A click that focuses an input would put the caret where it landed and undo the selection: keep it selected.
  const selectedOnFocus = useRef<EventTarget | null>(null);

  const cellElements = useCallback(
    () => Array.from(gridRef.current?.querySelectorAll<HTMLElement>(`[${GRID_COL}]`) ?? []).filter(enabled),
    [],
  );

  const findCell = useCallback(
    (target: CellPosition) => cellElements().find((element) => element.getAttribute(GRID_ROW) === String(target.row) && element.getAttribute(GRID_COL) === String(target.col)),
    [cellElements],
  );

  /**
   * Focuses a cell; when it is not rendered yet (a row that appears after a reload) it tries again on the next
   * frames for about a second. A later call replaces a pending one.
   */
  const focusCell = useCallback(
    (row: number, col: number) => {
      const attempt = ++pending.current;
      let frames = 0;
      const tryFocus = () => {
        if (attempt !== pending.current) return;
        const element = findCell({ row, col }) ?? cellElements().find((candidate) => position(candidate).row === row);
        if (element) {
          element.focus();
          return;
        }
        if (++frames < 60) requestAnimationFrame(tryFocus);
      };
      tryFocus();
    },
    [cellElements, findCell],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      selectedOnFocus.current = null;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      if (!target.hasAttribute?.(GRID_COL)) return;
      const key: GridKey | null =
        event.key === 'Tab' ? (event.shiftKey ? 'ShiftTab' : 'Tab') : event.key === 'Enter' ? 'Enter' : event.key === 'ArrowUp' || event.key === 'ArrowDown' ? event.key : null;
      if (!key || (key.startsWith('Arrow') && isSelect(target))) return;
      // Enter on a button presses it; Shift+Enter is left alone.
      if (key === 'Enter' && (event.shiftKey || target.tagName === 'BUTTON')) return;
      const cells = cellElements().map(position);
      const from = position(target);
      let to = nextCell(cells, from, key);
      if (!to && key === 'Enter') {
        event.preventDefault();
        if (optionsRef.current.onEnterAtEnd?.(from.row, from.col, isLastCell(cells, from))) return;
        to = nextCell(cells, from, 'Tab');
      }
      if (!to) {
        // No row above or below: keep the arrow from stepping a number input's value.
        if (key.startsWith('Arrow')) event.preventDefault();
        return;
      }
      event.preventDefault();
      findCell(to)?.focus();
    },
    [cellElements, findCell],
  );

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.hasAttribute(GRID_COL) && (target.type === 'text' || target.type === 'number')) {
      target.select();
      selectedOnFocus.current = target;
    }
  }, []);
  const onMouseUp = useCallback((event: MouseEvent<HTMLElement>) => {
    if (selectedOnFocus.current === event.target) event.preventDefault();
    selectedOnFocus.current = null;
  }, []);

  // A callback ref fits any element type (table, tbody, div).
  const ref = useCallback((element: HTMLElement | null) => {
    gridRef.current = element;
  }, []);

  return { gridRef, gridProps: { ref, onKeyDown, onFocus, onMouseUp }, focusCell };
}
