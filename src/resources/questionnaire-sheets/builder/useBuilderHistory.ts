import { useCallback, useReducer } from 'react';
import type { SheetSchema } from '../../../domain/questionnaire';
import type { SheetModel } from '../../../domain/questionnaire/builder';

/** What one step of the builder changes: this sheet's model and the other sheets whose conditions followed it. */
export interface BuilderSnapshot {
  model: SheetModel;
  /** Other sheets changed by this draft (renames, removed conditions), by name: saved as companion drafts. */
  others: Record<string, SheetSchema>;
}

interface History {
  past: BuilderSnapshot[];
  present: BuilderSnapshot;
  future: BuilderSnapshot[];
  /** The field the last step typed into, and when: the next keystroke there within a moment joins that step. */
  typing?: { key: string; at: number };
}

/** Keystrokes in one field less than this apart are one undo step (a word typed is undone as a word, not letter by letter). */
export const TYPING_PAUSE_MS = 1200;

type Action = { type: 'apply'; change: (present: BuilderSnapshot) => BuilderSnapshot | null; typing?: { key: string; at: number } } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; snapshot: BuilderSnapshot };

/** Undo steps kept (each is a whole model: its unchanged parts are shared with the step before). */
const MAX_STEPS = 300;

function reducer(history: History, action: Action): History {
  switch (action.type) {
    case 'apply': {
      const next = action.change(history.present);
      if (!next || next === history.present) return history;
      const typing = action.typing;
      if (typing && history.typing?.key === typing.key && typing.at - history.typing.at < TYPING_PAUSE_MS && history.past.length) return { ...history, present: next, future: [], typing };
      return { past: [...history.past, history.present].slice(-MAX_STEPS), present: next, future: [], typing };
    }
    case 'undo':
      if (!history.past.length) return history;
      return { typing: undefined, past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
    case 'redo':
      if (!history.future.length) return history;
      return { typing: undefined, past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) };
    case 'reset':
      return { past: [], present: action.snapshot, future: [] };
  }
}

/** The builder's state with undo and redo over every edit (canvas, panel, JSON view). */
export function useBuilderHistory(initial: () => BuilderSnapshot) {
  const [history, dispatch] = useReducer(reducer, undefined, () => ({ past: [], present: initial(), future: [] }));
  /** One edit; `typingIn` names the text field of a keystroke, so that the keystrokes of one word make one step. */
  const apply = useCallback((change: (present: BuilderSnapshot) => BuilderSnapshot | null, typingIn?: string) => dispatch({ type: 'apply', change, ...(typingIn ? { typing: { key: typingIn, at: Date.now() } } : {}) }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback((snapshot: BuilderSnapshot) => dispatch({ type: 'reset', snapshot }), []);
  return { present: history.present, canUndo: history.past.length > 0, canRedo: history.future.length > 0, apply, undo, redo, reset };
}
