import { describe, expect, it } from 'vitest';
import { limitsOf } from '../../lib/taskTypes';
import { TASK_TYPES } from '../../lib/taskTypes.fixture';
import { QR_LIMITS, buildQrParams, contentFits, initialQrForm, type QrLimits } from './constants';

const limits = limitsOf(TASK_TYPES, 'QR_CODE_ART', QR_LIMITS) as QrLimits;

describe('QR form', () => {
  it("uses the original app's defaults, and the server's for topN", () => {
    const f = initialQrForm();
    expect([f.shape, f.strength, f.topN]).toEqual(['SQUARE', 33, null]);
    const built = buildQrParams({ ...f, content: 'x', imageUrl: '/i' }, limits);
    expect('params' in built && built.params.topN).toBe(4);
    const two = buildQrParams({ ...f, content: 'x', imageUrl: '/i' }, { ...limits, topNDefault: 2 });
    expect('params' in two && two.params.topN).toBe(2);
  });

  it('checks level-H capacity in bytes, digits pack denser (as the server states it)', () => {
    expect(limits.textMaxBytes).toBe(1273);
    expect(contentFits('a'.repeat(limits.textMaxBytes), limits)).toBe(true);
    expect(contentFits('a'.repeat(limits.textMaxBytes + 1), limits)).toBe(false);
    // Three bytes per Chinese character in UTF-8.
    expect(contentFits('码'.repeat(424), limits)).toBe(true);
    expect(contentFits('码'.repeat(425), limits)).toBe(false);
    expect(contentFits('7'.repeat(limits.textMaxDigits), limits)).toBe(true);
    expect(contentFits('7'.repeat(limits.textMaxDigits + 1), limits)).toBe(false);
    // A server that states less capacity is obeyed.
    expect(contentFits('a'.repeat(11), { textMaxBytes: 10, textMaxDigits: 20 })).toBe(false);
  });

  it('builds the submission or names what is missing', () => {
    const f = initialQrForm();
    expect(buildQrParams(f, limits)).toEqual({ missing: 'qr.contentRequired' });
    expect(buildQrParams({ ...f, content: 'x'.repeat(2000) }, limits)).toEqual({ missing: 'qr.contentTooLong' });
    expect(buildQrParams({ ...f, content: ' https://a.example ' }, limits)).toEqual({ missing: 'qr.imageRequired' });
    const built = buildQrParams({ ...f, content: ' https://a.example ', imageUrl: '/api/files/uploads/1', shape: 'CIRCLE', strength: 140, topN: 9 }, limits);
    expect(built).toEqual({
      params: { content: 'https://a.example', imageUrl: '/api/files/uploads/1', shape: 'CIRCLE', strength: 100, topN: 4, scene: 1 },
    });
  });
});
