/**
 * Which top-bar groups fit beside the right-hand controls, pure so it is
 * unit-tested. The widths come from the browser (see useMenuFit); groups
 * that do not fit go, from the end, into the "More" entry.
 */
import { matchPath } from 'react-router';
import type { RouteDef } from '../routes/registry';

export interface MenuWidths {
  /** Each group entry's width, in the menu's order. */
  widths: readonly number[];
  /** The width the menu may take. */
  available: number;
  /** The "More" entry's width. */
  moreWidth: number;
  /** The space between two entries. */
  gap: number;
}

/** Sub-pixel widths add up with rounding errors; this much overshoot still fits. */
const SLACK = 0.5;

/** How many groups stay in the bar; the rest go into "More". */
export function groupsThatFit({ widths, available, moreWidth, gap }: MenuWidths): number {
  // Not laid out (hidden, or not measured yet): keep the plain bar.
  if (!(available > 0)) return widths.length;
  const sum = (n: number) => widths.slice(0, n).reduce((total, w) => total + w, 0);
  // n entries have n - 1 gaps between them; with "More" after them, n.
  if (sum(widths.length) + gap * (widths.length - 1) <= available + SLACK) return widths.length;
  let kept = widths.length - 1;
  while (kept > 0 && sum(kept) + gap * kept + moreWidth > available + SLACK) kept -= 1;
  return kept;
}

/** Whether one of the items is the page open now (as NavLink `end` matches). */
export function groupActive(items: readonly Pick<RouteDef, 'path'>[], pathname: string): boolean {
  return items.some((def) => matchPath({ path: def.path, end: true }, pathname) !== null);
}
