import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` when the returned element comes within `margin` px of the
 * viewport (the list's end: load the next page before the user reaches it).
 * Without IntersectionObserver (old browsers, jsdom) the "load more" button
 * is the way.
 */
export function useNearBottom<T extends Element>(onNear: () => void, active: boolean, margin = 200) {
  const ref = useRef<T | null>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), {
      rootMargin: `0px 0px ${margin}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, margin]);
  return ref;
}
