/**
 * Layout problems a store owner runs into: a control that cannot be clicked
 * because something is drawn over it, a control pushed outside the screen,
 * a page wider than the screen. Measured in the browser, as the user sees it.
 */
import type { Page } from '@playwright/test';

export const INTERACTIVE = 'button, a, input, select, textarea, [role=tab], [role=button]';

/**
 * One line per problem (empty: the page fits). Every visible interactive
 * element is scrolled to the middle of the screen and must be what the
 * browser finds at its centre and a quarter in from either side (or contain
 * it); it must lie within the
 * viewport's width; the document must not scroll sideways. While a modal
 * dialog is open only its content counts: the page under it is meant to
 * be covered.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const screenWidth = page.viewportSize()?.width ?? 0;
  return page.evaluate(({ selector, screenWidth }) => {
    const problems: string[] = [];
    const describe = (el: Element | null): string => {
      if (!el) return 'nothing';
      const testId = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : cls}${text ? ` "${text}"` : ''}`;
    };
    const root = document.documentElement;
    // A phone zooms a page that is too wide out until it fits, and the
    // layout viewport (innerWidth) grows with it: measure against the screen.
    const width = Math.min(window.innerWidth, screenWidth || window.innerWidth);
    if (window.innerWidth > width) problems.push(`the page is laid out ${window.innerWidth}px wide on a ${width}px screen (zoomed out to fit)`);
    if (root.scrollWidth > width) problems.push(`page is ${root.scrollWidth}px wide in a ${width}px viewport`);

    const modal = [...document.querySelectorAll('[role=dialog][aria-modal=true]')].find((d) => d.getAttribute('aria-hidden') !== 'true');
    const scope: ParentNode = modal ?? document;
    const candidates = [...scope.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none') return false;
      if (el.closest('[aria-hidden=true]') || el.closest('[inert]')) return false;
      const r = el.getBoundingClientRect();
      return el.getClientRects().length > 0 && r.width >= 1 && r.height >= 1;
    });
    const reported = new Set<Element>();
    const report = (el: Element, text: string) => {
      if (reported.has(el)) return;
      reported.add(el);
      problems.push(text);
    };

    /** Whether the browser finds the element at its centre and a quarter in from either side. */
    const hitTest = (el: HTMLElement, where: string) => {
      const r = el.getBoundingClientRect();
      const y = Math.min(Math.max(r.top + Math.min(r.height, window.innerHeight) / 2, 0), window.innerHeight - 1);
      // A control half hidden under its neighbour is as broken as one hidden whole.
      for (const at of [0.5, 0.25, 0.75]) {
        const x = Math.min(Math.max(r.left + r.width * at, 0), width - 1);
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(el === hit || el.contains(hit))) {
          report(el, `${describe(el)} is covered by ${describe(hit)}${at === 0.5 ? '' : ` (${at * 100}% across)`}${where}`);
          return;
        }
      }
    };
    /** In the viewport, and not scrolled out of sight inside a scrolling box (a wide table, the side bar). */
    const fullyInView = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) return false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const ar = a.getBoundingClientRect();
        if (r.left < ar.left - 1 || r.right > ar.right + 1 || r.top < ar.top - 1 || r.bottom > ar.bottom + 1) return false;
      }
      return true;
    };

    // Where the page opens and where it ends: fixed overlays (the floating
    // helper) must not sit on what the user cannot scroll out from under them.
    if (!modal) {
      window.scrollTo(0, 0);
      for (const el of candidates) if (fullyInView(el)) hitTest(el, ' (page top)');
      window.scrollTo(0, root.scrollHeight);
      for (const el of candidates) {
        if (fullyInView(el) && el.getBoundingClientRect().top >= window.innerHeight / 2) hitTest(el, ' (page end)');
      }
    }

    // A fixed overlay (the floating helper) lies over whatever scrolls
    // beneath it: no control may pass under it at any scroll position.
    const pinned = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const pos = getComputedStyle(e).position;
        if (pos === 'fixed' || pos === 'sticky') return true;
      }
      return false;
    };
    const maxScroll = Math.max(0, root.scrollHeight - window.innerHeight);
    const overlays = [...document.body.querySelectorAll<HTMLElement>('*')].filter((f) => {
      const style = getComputedStyle(f);
      if (style.position !== 'fixed' || style.visibility === 'hidden' || style.pointerEvents === 'none') return false;
      const r = f.getBoundingClientRect();
      // Full-screen layers (a modal's backdrop) are meant to cover the page.
      return r.width >= 1 && r.height >= 1 && r.width * r.height < 0.5 * width * window.innerHeight;
    });
    if (!modal) {
      window.scrollTo(0, 0);
      for (const f of overlays) {
        const fr = f.getBoundingClientRect();
        for (const el of candidates) {
          if (f.contains(el) || el.contains(f)) continue;
          const r = el.getBoundingClientRect();
          if (r.right <= fr.left || r.left >= fr.right) continue;
          // Scrolling moves a control up by up to maxScroll; a pinned one stays.
          const reach = pinned(el) ? 0 : maxScroll;
          if (r.top - reach < fr.bottom && r.bottom > fr.top) report(el, `${describe(el)} passes under the fixed ${describe(f)} when scrolled`);
        }
      }
    }

    // Each control in the middle of the screen: what lies over it is part of the page itself.
    for (const el of candidates) {
      // Centred sideways too: a wide table's sticky first column must not count as covering.
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      // Page coordinates: a page that scrolls sideways must not hide a control in that scroll.
      const left = r.left + window.scrollX;
      const right = r.right + window.scrollX;
      if (left < -1 || right > width + 1) {
        report(el, `${describe(el)} lies outside the viewport (x ${Math.round(left)}..${Math.round(right)} of ${width})`);
        continue;
      }
      hitTest(el, '');
    }
    window.scrollTo(0, 0);
    return problems;
  }, { selector: INTERACTIVE, screenWidth });
}
