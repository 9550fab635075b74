import { describe, expect, it } from 'vitest';
import { clampBox, fitRect, fitText, hitTest, linearGradientLine, normaliseAngle, pointInBox, rotationOf, scaleBox, scaleFactor, snapBox, tokens, wrapLines, type TextSpec } from './layout';

/** Every character is `size` wide (a monospaced CJK font). */
const mono = (text: string, size: number) => Array.from(text).length * size;

const spec = (over: Partial<TextSpec> = {}): TextSpec => ({
  text: '春季焕新',
  w: 400,
  h: 100,
  size: { min: 20, max: 80 },
  maxLines: 1,
  lineHeight: 1.25,
  stroke: 0,
  vertical: false,
  letterSpacing: 0,
  ...over,
});

describe('fitting pictures', () => {
  it('contains a wide picture, letterboxed and anchored', () => {
    const box = { x: 100, y: 100, w: 200, h: 400 };
    expect(fitRect(400, 200, box, 'contain')).toEqual({ x: 100, y: 250, w: 200, h: 100 });
    expect(fitRect(400, 200, box, 'contain', 'top')).toEqual({ x: 100, y: 100, w: 200, h: 100 });
    expect(fitRect(400, 200, box, 'contain', 'bottom')).toEqual({ x: 100, y: 400, w: 200, h: 100 });
  });

  it('covers the box, cropping evenly', () => {
    expect(fitRect(400, 200, { x: 0, y: 0, w: 200, h: 400 }, 'cover')).toEqual({ x: -300, y: 0, w: 800, h: 400 });
  });

  it('draws CSS gradient lines', () => {
    const d = linearGradientLine(180, 100, 200);
    expect([d.x0, d.y0, d.x1, d.y1].map((v) => Math.round(v))).toEqual([50, 0, 50, 200]);
    const r = linearGradientLine(90, 100, 200);
    expect(r.x0).toBeCloseTo(0);
    expect(r.x1).toBeCloseTo(100);
    expect(r.y0).toBeCloseTo(100);
  });
});

describe('setting text', () => {
  it('keeps closing marks off the start of a line and opening marks off its end', () => {
    expect(tokens('好，（新）')).toEqual(['好，', '（新）']);
    expect(tokens('new arrival')).toEqual(['new ', 'arrival']);
  });

  it('wraps by characters and words, and gives a lone last character a companion', () => {
    expect(wrapLines('一二三四五六七', 30, 10, mono)).toEqual(['一二三', '四五', '六七']);
    expect(wrapLines('ab cd\nef', 50, 10, mono)).toEqual(['ab cd', 'ef']);
    expect(wrapLines('abcdefgh', 30, 10, mono)).toEqual(['abc', 'def', 'gh']);
    expect(wrapLines('一二三四肤。', 40, 10, mono)).toEqual(['一二三', '四肤。']);
  });

  it('uses the largest size that fits', () => {
    expect(fitText(spec(), mono)).toEqual({ size: 80, lines: ['春季焕新'], truncated: false });
    // 8 characters in 400 px: 50 px each.
    expect(fitText(spec({ text: '春季焕新春季焕新' }), mono).size).toBe(50);
  });

  it('shrinks in half-pixel steps', () => {
    expect(fitText(spec({ text: '一二三四五六七', w: 300 }), mono).size).toBe(42.5);
  });

  it('wraps onto more lines when allowed and the height allows', () => {
    const fit = fitText(spec({ text: '一二三四五六七八', maxLines: 2, h: 200, w: 320 }), mono);
    expect(fit.lines).toEqual(['一二三四', '五六七八']);
    expect(fit.size).toBe(80);
  });

  it('cuts with an ellipsis what does not fit at the smallest size', () => {
    const fit = fitText(spec({ text: '一'.repeat(40), size: { min: 40, max: 60 } }), mono);
    expect(fit.truncated).toBe(true);
    expect(fit.size).toBe(40);
    expect(fit.lines).toEqual(['一'.repeat(9) + '…']);
  });

  it('sets vertical text in columns', () => {
    const fit = fitText(spec({ text: '一二三四五六', vertical: true, w: 200, h: 300, maxLines: 2, size: { min: 20, max: 100 } }), mono);
    expect(fit.lines).toEqual(['一二三', '四五六']);
    expect(fit.size).toBe(88.5);
  });

  it('keeps a stroke inside the box', () => {
    expect(fitText(spec({ stroke: 10 }), mono).size).toBe(80);
    expect(fitText(spec({ stroke: 20, h: 100 }), mono).size).toBe(60);
  });
});

describe('boxes', () => {
  it('hits rotated boxes', () => {
    const box = { x: 0, y: 0, w: 100, h: 20, rotation: 90 };
    expect(pointInBox({ x: 50, y: 10 }, box)).toBe(true);
    expect(pointInBox({ x: 5, y: 10 }, box)).toBe(false);
    expect(pointInBox({ x: 50, y: -30 }, box)).toBe(true);
  });

  it('picks the topmost layer, a backdrop only when nothing else is there', () => {
    const canvas = { width: 100, height: 100 };
    const layers = [
      { id: 'bg', box: { x: 0, y: 0, w: 100, h: 100 } },
      { id: 'a', box: { x: 10, y: 10, w: 50, h: 50 } },
      { id: 'b', box: { x: 40, y: 40, w: 50, h: 50 } },
      { id: 'frame', box: { x: 0, y: 0, w: 100, h: 100 } },
    ];
    expect(hitTest(layers, { x: 45, y: 45 }, canvas)?.id).toBe('b');
    expect(hitTest(layers, { x: 15, y: 15 }, canvas)?.id).toBe('a');
    expect(hitTest(layers, { x: 95, y: 5 }, canvas)?.id).toBe('frame');
    expect(hitTest(layers, { x: 150, y: 5 }, canvas)).toBeNull();
  });

  it('snaps to the canvas centre lines and to other layers', () => {
    const canvas = { width: 1000, height: 800 };
    const s = snapBox({ x: 447, y: 10, w: 100, h: 50 }, [], canvas, 6);
    expect(s.x).toBe(450);
    expect(s.guides).toContainEqual({ axis: 'x', at: 500 });
    const t = snapBox({ x: 203, y: 305, w: 100, h: 50 }, [{ x: 100, y: 100, w: 100, h: 200 }], canvas, 6);
    expect([t.x, t.y]).toEqual([200, 300]);
    expect(t.guides).toEqual([
      { axis: 'x', at: 200 },
      { axis: 'y', at: 300 },
    ]);
    expect(snapBox({ x: 120, y: 120, w: 10, h: 10 }, [], canvas, 6).guides).toEqual([]);
  });

  it('keeps slots inside the canvas and shapes touching it', () => {
    const canvas = { width: 100, height: 100 };
    expect(clampBox({ x: 80, y: -5, w: 40, h: 20 }, canvas, true)).toEqual({ x: 60, y: 0, w: 40, h: 20 });
    expect(clampBox({ x: 150, y: -50, w: 40, h: 20 }, canvas, false)).toEqual({ x: 99, y: -19, w: 40, h: 20 });
    expect(clampBox({ x: 0, y: 0, w: 400, h: 20, rotation: 370 }, canvas, true)).toEqual({ x: 0, y: 0, w: 100, h: 20, rotation: 10 });
  });

  it('scales about the centre and rotates with snapping', () => {
    expect(scaleBox({ x: 0, y: 0, w: 100, h: 50 }, 2)).toEqual({ x: -50, y: -25, w: 200, h: 100 });
    expect(scaleFactor({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 20 })).toBe(2);
    expect(rotationOf({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }, 0)).toBe(90);
    expect(rotationOf({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 0.4 }, 0)).toBe(0);
    expect(rotationOf({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 3 }, 0)).toBeCloseTo(16.7, 1);
    expect(normaliseAngle(-190)).toBe(170);
  });
});
