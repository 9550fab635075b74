/**
 * Undo history of the editors (cutout mask, poster): snapshots, at most
 * `limit` (the original app's 20) undo steps; a new edit clears the redo side.
 */
export const UNDO_LIMIT = 20;

export interface UndoStack<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

export function createUndo<T>(initial: T): UndoStack<T> {
  return { past: [], present: initial, future: [] };
}

/** Records `next` as the new state; the oldest step falls off past `limit`. */
export function pushUndo<T>(s: UndoStack<T>, next: T, limit = UNDO_LIMIT): UndoStack<T> {
  const past = [...s.past, s.present];
  return { past: past.slice(Math.max(0, past.length - limit)), present: next, future: [] };
}

export function undo<T>(s: UndoStack<T>): UndoStack<T> {
  if (s.past.length === 0) return s;
  const prev = s.past[s.past.length - 1] as T;
  return { past: s.past.slice(0, -1), present: prev, future: [s.present, ...s.future] };
}

export function redo<T>(s: UndoStack<T>): UndoStack<T> {
  if (s.future.length === 0) return s;
  const [next, ...rest] = s.future as [T, ...T[]];
  return { past: [...s.past, s.present], present: next, future: rest };
}

export const canUndo = <T,>(s: UndoStack<T>) => s.past.length > 0;
export const canRedo = <T,>(s: UndoStack<T>) => s.future.length > 0;
