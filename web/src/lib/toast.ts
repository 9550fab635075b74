/**
 * One message at a time: a new toast replaces the one shown.
 * Each lasts 3000 ms. Types: success, warning, error, loading, info.
 */
import { useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'warning' | 'error' | 'loading' | 'info';
export const TOAST_DURATION_MS = 3000;

/** A page the toast offers to open (e.g. the benefits centre). */
export interface ToastLink {
  to: string;
  label: string;
}

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  link?: ToastLink;
}

/** A toast with a link stays longer: the user has to reach it. */
export const TOAST_WITH_LINK_MS = 6000;

let currentToast: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

export function showToast(type: ToastType, message: string, durationMs = TOAST_DURATION_MS, link?: ToastLink): Toast {
  if (timer) clearTimeout(timer);
  const toast: Toast = link ? { id: nextId++, type, message, link } : { id: nextId++, type, message };
  currentToast = toast;
  emit();
  timer = setTimeout(() => dismissToast(toast.id), durationMs);
  return toast;
}

/** Hides the toast (only if it is still the one with this id, when given). */
export function dismissToast(id?: number): void {
  if (!currentToast || (id !== undefined && currentToast.id !== id)) return;
  if (timer) clearTimeout(timer);
  timer = undefined;
  currentToast = null;
  emit();
}

export function getToast(): Toast | null {
  return currentToast;
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = {
  success: (m: string) => showToast('success', m),
  warning: (m: string) => showToast('warning', m),
  error: (m: string) => showToast('error', m),
  loading: (m: string) => showToast('loading', m),
  info: (m: string) => showToast('info', m),
  /** An error that names where to go next, with a link there. */
  errorWithLink: (m: string, link: ToastLink) => showToast('error', m, TOAST_WITH_LINK_MS, link),
};

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribeToast, getToast, getToast);
}
