import { useSyncExternalStore } from 'react';

/** The phone breakpoint of the app's stylesheets. */
export const NARROW_QUERY = '(max-width: 640px)';

function mediaList(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = mediaList();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const snapshot = () => mediaList()?.matches ?? false;

/**
 * Whether the window is phone-sized. The calendar decides by width, not by
 * the route set: a narrow desktop window (or the hot list's tab) needs the
 * agenda as much as a phone does.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
