/**
 * What the poster pages share while the app is open: the product photo
 * (uploaded once, used in every template) and each template's edits, so
 * that leaving the editor for the result page or another template and
 * coming back keeps them. Not persisted: a reload starts afresh.
 */
import { useSyncExternalStore } from 'react';
import type { EditorHistory } from './editorState';

export interface ProductPhoto {
  /** The `/api/files/uploads/…` URL the task is sent. */
  url: string;
  /** A local object URL for the preview. */
  preview: string;
}

let product: ProductPhoto | null = null;
const listeners = new Set<() => void>();
const edits = new Map<string, EditorHistory>();
const lastTasks = new Map<string, { taskId: string; startedAt: number }>();

export function setProductPhoto(p: ProductPhoto | null) {
  product = p;
  listeners.forEach((l) => l());
}

export function useProductPhoto(): ProductPhoto | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => product,
  );
}

export const savedEdits = (templateId: string) => edits.get(templateId) ?? null;
export const saveEdits = (templateId: string, h: EditorHistory) => edits.set(templateId, h);

/** The last poster rendered from a template (shown again when its editor reopens). */
export const lastTaskOf = (templateId: string) => lastTasks.get(templateId) ?? null;
export const setLastTask = (templateId: string, task: { taskId: string; startedAt: number }) => lastTasks.set(templateId, task);

/** Forgets everything (a user signs out or another signs in). */
export function resetPosterSession() {
  edits.clear();
  lastTasks.clear();
  setProductPhoto(null);
}
