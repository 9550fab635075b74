/**
 * What a press on the poster stage does. A mouse (or pen) press on a layer
 * selects it and drags it at once. On a touch screen the stage must not
 * trap the page: a touch that does not start on the selected layer (or its
 * handles, which have their own handler) is left to the browser, which
 * scrolls the page; if it ends where it started it was a tap, which
 * selects the layer under it (or clears the selection). Only a touch that
 * starts on the selected layer drags it. The CSS agrees: the overlay lets
 * the browser pan (`touch-action: manipulation`), the selection box and
 * its handles do not (`touch-action: none`).
 */
export type PressStart = 'drag' | 'tap' | 'deselect';

export function pressStart(pointerType: string, hit: string | null, onSelected: boolean): PressStart {
  if (pointerType === 'touch') return onSelected ? 'drag' : 'tap';
  return hit ? 'drag' : 'deselect';
}

/** How far (CSS px) a finger may wander and still tap. */
export const TAP_SLOP_PX = 10;

export const isTap = (from: { clientX: number; clientY: number }, to: { clientX: number; clientY: number }) =>
  Math.hypot(to.clientX - from.clientX, to.clientY - from.clientY) <= TAP_SLOP_PX;
