/**
 * The pure maths of the poster preview and editor: fitting pictures,
 * setting text (wrapping, auto-shrink, ellipsis, vertical columns), hit
 * testing rotated boxes, snapping, moving, scaling and rotating. No DOM:
 * text is measured through a callback, so all of it is unit-tested.
 */
import type { Box } from './template';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Where a picture of `srcW`×`srcH` is drawn in `box`: `contain` shows all of
 * it (letterboxed, placed by `anchor`), `cover` fills the box (the caller
 * clips to the box; the overflow is cropped evenly).
 */
export function fitRect(srcW: number, srcH: number, box: Rect, fit: 'contain' | 'cover' = 'contain', anchor: 'center' | 'top' | 'bottom' = 'center'): Rect {
  if (srcW <= 0 || srcH <= 0) return { ...box };
  const s = fit === 'cover' ? Math.max(box.w / srcW, box.h / srcH) : Math.min(box.w / srcW, box.h / srcH);
  const w = srcW * s;
  const h = srcH * s;
  const x = box.x + (box.w - w) / 2;
  let y = box.y + (box.h - h) / 2;
  if (fit === 'contain' && anchor === 'top') y = box.y;
  if (fit === 'contain' && anchor === 'bottom') y = box.y + box.h - h;
  return { x, y, w, h };
}

/** The CSS gradient line of `angle` degrees (0 up, 90 right, 180 down) over a `w`×`h` area. */
export function linearGradientLine(angle: number, w: number, h: number): { x0: number; y0: number; x1: number; y1: number } {
  const a = (angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const half = (Math.abs(w * dx) + Math.abs(h * dy)) / 2;
  const cx = w / 2;
  const cy = h / 2;
  return { x0: cx - dx * half, y0: cy - dy * half, x1: cx + dx * half, y1: cy + dy * half };
}

// ---------------------------------------------------------------- text

/** Width of `text` at `size` px, letter spacing included (the caller's font). */
export type Measure = (text: string, size: number) => number;

const CLOSING = new Set('，。！？、；：）」』》】〕〉…—·,.!?;:)]}%’”'.split(''));
const OPENING = new Set('（「『《【〔〈([{“‘'.split(''));
const isCjk = (ch: string) => /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/.test(ch);

/**
 * Breakable units of one paragraph: a Latin word with its trailing spaces,
 * or one CJK character; closing marks stick to what precedes them and
 * opening marks to what follows (no line starts with `，` or ends with `（`).
 */
export function tokens(paragraph: string): string[] {
  const out: string[] = [];
  let word = '';
  let pendingOpen = '';
  const push = (t: string) => {
    if (!t) return;
    out.push(pendingOpen + t);
    pendingOpen = '';
  };
  for (const ch of Array.from(paragraph)) {
    if (CLOSING.has(ch) && (isCjk(ch) || ch === '…' || ch === '—' || ch === '·' || word === '')) {
      if (word) {
        push(word + ch);
        word = '';
      } else if (out.length > 0) out[out.length - 1] += ch;
      else pendingOpen += ch;
      continue;
    }
    if (OPENING.has(ch)) {
      push(word);
      word = '';
      pendingOpen += ch;
      continue;
    }
    if (isCjk(ch)) {
      push(word);
      word = '';
      push(ch);
      continue;
    }
    if (ch === ' ') {
      word += ch;
      push(word);
      word = '';
      continue;
    }
    word += ch;
  }
  push(word);
  if (pendingOpen) out.push(pendingOpen);
  return out;
}

/** Greedy line breaking of `text` (`\n` starts a paragraph) into lines at most `maxWidth` wide. */
export function wrapLines(text: string, maxWidth: number, size: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const tok of tokens(paragraph)) {
      const candidate = line + tok;
      if (measure(candidate.trimEnd(), size) <= maxWidth || line === '') {
        if (line === '' && measure(tok.trimEnd(), size) > maxWidth) {
          // A unit too wide for a line alone is broken inside.
          let part = '';
          for (const ch of Array.from(tok)) {
            if (part !== '' && measure(part + ch, size) > maxWidth) {
              lines.push(part);
              part = '';
            }
            part += ch;
          }
          line = part;
        } else line = candidate;
      } else {
        lines.push(line.trimEnd());
        line = tok;
      }
    }
    lines.push(line.trimEnd());
  }
  // A Chinese paragraph does not end with one character alone on its last line.
  const n = lines.length;
  if (n >= 2) {
    const last = Array.from(lines[n - 1] as string);
    const prev = Array.from(lines[n - 2] as string);
    const letters = last.filter((ch) => !CLOSING.has(ch));
    const end = prev[prev.length - 1] as string;
    if (letters.length === 1 && isCjk(letters[0] as string) && prev.length > 2 && isCjk(end) && !CLOSING.has(end) && !OPENING.has(end)) {
      lines[n - 1] = (prev.pop() as string) + last.join('');
      lines[n - 2] = prev.join('');
    }
  }
  return lines;
}

export interface TextSpec {
  text: string;
  /** The box's width and height. */
  w: number;
  h: number;
  size: { min: number; max: number };
  maxLines: number;
  lineHeight: number;
  /** Outline width, px (kept inside the box). */
  stroke: number;
  vertical: boolean;
  /** Extra space between characters, em. */
  letterSpacing: number;
}

export interface TextFit {
  size: number;
  /** Lines, or columns (right to left) of vertical text. */
  lines: string[];
  /** The text did not fit at the smallest size and was cut with "…". */
  truncated: boolean;
}

/** Characters a vertical column of `h` px holds at `size`. */
const perColumn = (h: number, size: number, letterSpacing: number) => Math.max(1, Math.floor(h / (size * (1 + letterSpacing))));

function layoutAt(spec: TextSpec, size: number, measure: Measure): { lines: string[]; fits: boolean } {
  const pad = spec.stroke * 2;
  if (spec.vertical) {
    const per = perColumn(spec.h - pad, size, spec.letterSpacing);
    const cols: string[] = [];
    for (const p of spec.text.split('\n')) {
      const chars = Array.from(p);
      if (chars.length === 0) cols.push('');
      for (let i = 0; i < chars.length; i += per) cols.push(chars.slice(i, i + per).join(''));
    }
    const width = (cols.length - 1) * size * spec.lineHeight + size + pad;
    const tall = size * (1 + spec.letterSpacing) > spec.h - pad;
    return { lines: cols, fits: cols.length <= spec.maxLines && width <= spec.w && !tall };
  }
  const lines = wrapLines(spec.text, spec.w - pad, size, measure);
  const height = (lines.length - 1) * size * spec.lineHeight + size + pad;
  return { lines, fits: lines.length <= spec.maxLines && height <= spec.h };
}

/** Lines (columns) that fit at most, by height (width) at `size`. */
function roomFor(spec: TextSpec, size: number): number {
  const pad = spec.stroke * 2;
  const pitch = size * spec.lineHeight;
  const room = spec.vertical ? spec.w - pad : spec.h - pad;
  return Math.max(1, Math.min(spec.maxLines, Math.floor((room - size) / pitch) + 1));
}

/**
 * Auto-shrink: the largest size in `size.min..size.max` (half-pixel steps,
 * binary search) at which the text fits; at `size.min` a text that still
 * does not fit is cut at the longest prefix that fits, followed by "…".
 */
export function fitText(spec: TextSpec, measure: Measure): TextFit {
  const min = Math.max(1, Math.min(spec.size.min, spec.size.max));
  const max = Math.max(min, spec.size.max);
  let lo = Math.round(min * 2);
  let hi = Math.round(max * 2);
  if (layoutAt(spec, hi / 2, measure).fits) return { size: hi / 2, lines: layoutAt(spec, hi / 2, measure).lines, truncated: false };
  if (!layoutAt(spec, lo / 2, measure).fits) return truncate(spec, lo / 2, measure);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (layoutAt(spec, mid / 2, measure).fits) lo = mid;
    else hi = mid;
  }
  return { size: lo / 2, lines: layoutAt(spec, lo / 2, measure).lines, truncated: false };
}

function truncate(spec: TextSpec, size: number, measure: Measure): TextFit {
  const chars = Array.from(spec.text);
  let lo = 0;
  let hi = chars.length;
  // The longest prefix that fits with "…" after it.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const t = chars.slice(0, mid).join('').trimEnd() + '…';
    if (layoutAt({ ...spec, text: t }, size, measure).fits) lo = mid;
    else hi = mid - 1;
  }
  const text = chars.slice(0, lo).join('').trimEnd() + '…';
  const laid = layoutAt({ ...spec, text }, size, measure);
  const lines = laid.fits ? laid.lines : laid.lines.slice(0, roomFor(spec, size));
  return { size, lines, truncated: true };
}

// ---------------------------------------------------------------- boxes

export const centreOf = (b: Rect): Point => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/** `p` rotated by `deg` degrees clockwise (y down) about `c`. */
export function rotatePoint(p: Point, c: Point, deg: number): Point {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return { x: c.x + dx * cos - dy * sin, y: c.y + dx * sin + dy * cos };
}

/** Whether canvas point `p` lies in `box` (rotated about its centre), with `slop` px around it. */
export function pointInBox(p: Point, box: Box, slop = 0): boolean {
  const local = rotatePoint(p, centreOf(box), -(box.rotation ?? 0));
  return local.x >= box.x - slop && local.x <= box.x + box.w + slop && local.y >= box.y - slop && local.y <= box.y + box.h + slop;
}

/**
 * The topmost layer under `p` (layers are drawn first at the bottom). A
 * layer that covers nearly the whole canvas (a backdrop) is chosen only when
 * nothing else is there, so it does not swallow every click.
 */
export function hitTest<L extends { id: string; box: Box }>(layers: readonly L[], p: Point, canvas: { width: number; height: number }, slop = 0): L | null {
  let backdrop: L | null = null;
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i] as L;
    if (!pointInBox(p, l.box, slop)) continue;
    const covers = l.box.w * l.box.h >= 0.9 * canvas.width * canvas.height;
    if (!covers) return l;
    backdrop ??= l;
  }
  return backdrop;
}

export interface Guide {
  axis: 'x' | 'y';
  /** Canvas coordinate of the line. */
  at: number;
}

/**
 * Snaps a moved box: its left, centre and right (top, middle, bottom) to
 * the canvas edges and centre lines and to the other boxes' edges and
 * centres, within `threshold` canvas px. Returns the snapped position and
 * the guides to draw.
 */
export function snapBox(box: Rect, others: readonly Rect[], canvas: { width: number; height: number }, threshold: number): { x: number; y: number; guides: Guide[] } {
  const xs = [0, canvas.width / 2, canvas.width, ...others.flatMap((o) => [o.x, o.x + o.w / 2, o.x + o.w])];
  const ys = [0, canvas.height / 2, canvas.height, ...others.flatMap((o) => [o.y, o.y + o.h / 2, o.y + o.h])];
  const best = (edges: number[], targets: number[]) => {
    let found: { delta: number; at: number } | null = null;
    for (const e of edges) {
      for (const t of targets) {
        const d = t - e;
        if (Math.abs(d) <= threshold && (!found || Math.abs(d) < Math.abs(found.delta))) found = { delta: d, at: t };
      }
    }
    return found;
  };
  const sx = best([box.x, box.x + box.w / 2, box.x + box.w], xs);
  const sy = best([box.y, box.y + box.h / 2, box.y + box.h], ys);
  const guides: Guide[] = [];
  if (sx) guides.push({ axis: 'x', at: sx.at });
  if (sy) guides.push({ axis: 'y', at: sy.at });
  return { x: box.x + (sx?.delta ?? 0), y: box.y + (sy?.delta ?? 0), guides };
}

/**
 * Keeps a box valid for the template format: slots (image, text, QR) inside
 * the canvas, shapes touching it; at least 1 px; whole pixels.
 */
export function clampBox(box: Box, canvas: { width: number; height: number }, inside: boolean): Box {
  const w = Math.max(1, Math.round(inside ? Math.min(box.w, canvas.width) : box.w));
  const h = Math.max(1, Math.round(inside ? Math.min(box.h, canvas.height) : box.h));
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  const x = inside ? clamp(Math.round(box.x), 0, canvas.width - w) : clamp(Math.round(box.x), 1 - w, canvas.width - 1);
  const y = inside ? clamp(Math.round(box.y), 0, canvas.height - h) : clamp(Math.round(box.y), 1 - h, canvas.height - 1);
  const out: Box = { ...box, x, y, w, h };
  if (box.rotation !== undefined) out.rotation = normaliseAngle(box.rotation);
  return out;
}

/** An angle in (-180, 180], rounded to a tenth of a degree. */
export function normaliseAngle(deg: number): number {
  let a = deg % 360;
  if (a > 180) a -= 360;
  if (a <= -180) a += 360;
  return Math.round(a * 10) / 10;
}

/** The box scaled by `factor` about its centre (corner handles), at least `minSide` px a side. */
export function scaleBox(box: Box, factor: number, minSide = 8): Box {
  const f = Math.max(factor, minSide / Math.max(1, Math.min(box.w, box.h)));
  const c = centreOf(box);
  const w = box.w * f;
  const h = box.h * f;
  return { ...box, x: c.x - w / 2, y: c.y - h / 2, w, h };
}

/** The scale factor of a corner drag: the pointer's distance from the centre, then and now. */
export function scaleFactor(centre: Point, start: Point, now: Point): number {
  const d0 = Math.hypot(start.x - centre.x, start.y - centre.y);
  const d1 = Math.hypot(now.x - centre.x, now.y - centre.y);
  return d0 < 1 ? 1 : d1 / d0;
}

/**
 * The rotation of a rotate-handle drag: the start rotation plus the angle
 * the pointer turned about the centre; within 3° of a multiple of 45° it snaps.
 */
export function rotationOf(centre: Point, start: Point, now: Point, startRotation: number): number {
  const a0 = Math.atan2(start.y - centre.y, start.x - centre.x);
  const a1 = Math.atan2(now.y - centre.y, now.x - centre.x);
  const raw = normaliseAngle(startRotation + ((a1 - a0) * 180) / Math.PI);
  const nearest = Math.round(raw / 45) * 45;
  return Math.abs(raw - nearest) <= 3 ? normaliseAngle(nearest) : raw;
}
