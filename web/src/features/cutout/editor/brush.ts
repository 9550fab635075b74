/**
 * Mask geometry for the cutout editor: the canvas size (default max side
 * 1024, never above 2000), mapping pointer positions to mask pixels, and
 * painting round brush / eraser strokes into a one-byte-per-pixel mask.
 */
export const DEFAULT_MAX_SIDE = 1024;
export const MAX_SIDE_LIMIT = 2000;

/** Editor canvas size for an image: long side at most `maxSide` (≤ 2000). */
export function fitCanvas(width: number, height: number, maxSide = DEFAULT_MAX_SIDE): { width: number; height: number } {
  const cap = Math.min(Math.max(1, Math.round(maxSide)), MAX_SIDE_LIMIT);
  const long = Math.max(width, height, 1);
  const s = Math.min(1, cap / long);
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) };
}

/** A pointer position in a displayed element of `display` size → mask pixel. */
export function toMaskPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  mask: { width: number; height: number },
): { x: number; y: number } {
  const x = ((clientX - rect.left) / Math.max(rect.width, 1)) * mask.width;
  const y = ((clientY - rect.top) / Math.max(rect.height, 1)) * mask.height;
  return {
    x: Math.min(mask.width - 1, Math.max(0, Math.floor(x))),
    y: Math.min(mask.height - 1, Math.max(0, Math.floor(y))),
  };
}

export interface MaskBuffer {
  width: number;
  height: number;
  /** 0 = removed, 255 = kept; row-major. */
  data: Uint8ClampedArray;
}

/** Stamps a disc of `radius` at (cx, cy): 255 (brush) or 0 (eraser). */
export function stampDisc(mask: MaskBuffer, cx: number, cy: number, radius: number, value: 0 | 255): void {
  const r = Math.max(0.5, radius);
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(mask.width - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(mask.height - 1, Math.ceil(cy + r));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) mask.data[y * mask.width + x] = value;
    }
  }
}

/** A stroke segment: discs every half radius so fast moves leave no gaps. */
export function strokeSegment(
  mask: MaskBuffer,
  from: { x: number; y: number },
  to: { x: number; y: number },
  radius: number,
  value: 0 | 255,
): void {
  const dist = Math.hypot(to.x - from.x, to.y - from.y);
  const steps = Math.max(1, Math.ceil(dist / Math.max(radius / 2, 0.5)));
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    stampDisc(mask, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, radius, value);
  }
}

/** Whether the mask keeps (almost) nothing: the server refuses it. */
export function isMaskEmpty(mask: MaskBuffer): boolean {
  let on = 0;
  for (const v of mask.data) if (v >= 128) on++;
  return mask.data.length === 0 || on < 1e-4 * mask.data.length;
}
