import { useLayoutEffect, useState, type RefObject } from 'react';
import { groupsThatFit } from './menuFit';

/**
 * How many of the top bar's groups fit in the nav. `measure` holds one
 * hidden copy of every group entry and, last, of the "More" entry: their
 * widths depend on the language and on fonts that load late, so they are
 * measured, never assumed. Re-measured whenever the nav (the window, the
 * right-hand controls) or the copies (labels, fonts) change size.
 */
export function useMenuFit(nav: RefObject<HTMLElement | null>, measure: RefObject<HTMLElement | null>, labels: string): number {
  const count = labels ? labels.split('\n').length : 0;
  const [kept, setKept] = useState(count);

  useLayoutEffect(() => {
    const navEl = nav.current;
    const row = measure.current;
    if (!navEl || !row) return;
    const update = () => {
      const widths = [...row.children].map((el) => el.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(navEl).columnGap) || 0;
      setKept(groupsThatFit({ widths, available: navEl.clientWidth, moreWidth, gap }));
    };
    update();
    let live = true;
    void document.fonts?.ready.then(() => live && update());
    window.addEventListener('resize', update);
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(update) : null;
    ro?.observe(navEl);
    ro?.observe(row);
    return () => {
      live = false;
      window.removeEventListener('resize', update);
      ro?.disconnect();
    };
  }, [nav, measure, labels]);

  return Math.min(kept, count);
}
