import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createUndo, pushUndo, redo, undo, UNDO_LIMIT } from '../../../lib/undoStack';
import { fitCanvas, isMaskEmpty, MAX_SIDE_LIMIT, stampDisc, strokeSegment, toMaskPoint, type MaskBuffer } from './brush';

const blank = (w: number, h: number): MaskBuffer => ({ width: w, height: h, data: new Uint8ClampedArray(w * h) });

describe('undo stack', () => {
  it('undoes and redoes, and a new edit clears redo', () => {
    let s = createUndo(0);
    s = pushUndo(s, 1);
    s = pushUndo(s, 2);
    expect(s.present).toBe(2);
    s = undo(s);
    expect(s.present).toBe(1);
    expect(canRedo(s)).toBe(true);
    s = redo(s);
    expect(s.present).toBe(2);
    s = undo(s);
    s = pushUndo(s, 3);
    expect(canRedo(s)).toBe(false);
    expect(s.past).toEqual([0, 1]);
  });

  it('keeps at most 20 steps', () => {
    let s = createUndo(0);
    for (let i = 1; i <= 30; i++) s = pushUndo(s, i);
    expect(s.past.length).toBe(UNDO_LIMIT);
    let steps = 0;
    while (canUndo(s)) {
      s = undo(s);
      steps++;
    }
    expect(steps).toBe(20);
    expect(s.present).toBe(10);
    expect(undo(s)).toBe(s);
  });
});

describe('brush math', () => {
  it('fits the canvas: default 1024, never above 2000', () => {
    expect(fitCanvas(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitCanvas(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitCanvas(6000, 3000, 5000)).toEqual({ width: MAX_SIDE_LIMIT, height: 1000 });
  });

  it('maps pointer positions into the mask and clamps at the edges', () => {
    const rect = { left: 10, top: 20, width: 200, height: 100 };
    expect(toMaskPoint(110, 70, rect, { width: 400, height: 200 })).toEqual({ x: 200, y: 100 });
    expect(toMaskPoint(-50, 500, rect, { width: 400, height: 200 })).toEqual({ x: 0, y: 199 });
  });

  it('stamps discs and strokes without gaps; eraser clears', () => {
    const m = blank(50, 50);
    expect(isMaskEmpty(m)).toBe(true);
    stampDisc(m, 25, 25, 3, 255);
    expect(m.data[25 * 50 + 25]).toBe(255);
    expect(m.data[25 * 50 + 28]).toBe(255);
    expect(m.data[25 * 50 + 29]).toBe(0);
    strokeSegment(m, { x: 2, y: 2 }, { x: 47, y: 2 }, 2, 255);
    for (let x = 2; x <= 47; x++) expect(m.data[2 * 50 + x]).toBe(255);
    strokeSegment(m, { x: 20, y: 25 }, { x: 30, y: 25 }, 5, 0);
    expect(m.data[25 * 50 + 25]).toBe(0);
    expect(isMaskEmpty(m)).toBe(false);
  });
});
