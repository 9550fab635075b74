import { describe, expect, it } from 'vitest';
import { QR_MAX_BYTES, QR_MAX_DIGITS, buildQrParams, contentFits, initialQrForm } from './constants';

describe('QR form', () => {
  it('uses the spec defaults', () => {
    const f = initialQrForm();
    expect([f.shape, f.strength, f.topN]).toEqual(['SQUARE', 33, 4]);
  });

  it('checks level-H capacity in bytes, digits pack denser', () => {
    expect(contentFits('a'.repeat(QR_MAX_BYTES))).toBe(true);
    expect(contentFits('a'.repeat(QR_MAX_BYTES + 1))).toBe(false);
    // Three bytes per Chinese character in UTF-8.
    expect(contentFits('码'.repeat(424))).toBe(true);
    expect(contentFits('码'.repeat(425))).toBe(false);
    expect(contentFits('7'.repeat(QR_MAX_DIGITS))).toBe(true);
    expect(contentFits('7'.repeat(QR_MAX_DIGITS + 1))).toBe(false);
  });

  it('builds the submission or names what is missing', () => {
    const f = initialQrForm();
    expect(buildQrParams(f)).toEqual({ missing: 'qr.contentRequired' });
    expect(buildQrParams({ ...f, content: 'x'.repeat(2000) })).toEqual({ missing: 'qr.contentTooLong' });
    expect(buildQrParams({ ...f, content: ' https://a.example ' })).toEqual({ missing: 'qr.imageRequired' });
    const built = buildQrParams({ ...f, content: ' https://a.example ', imageUrl: '/api/files/uploads/1', shape: 'CIRCLE', strength: 140, topN: 9 });
    expect(built).toEqual({
      params: { content: 'https://a.example', imageUrl: '/api/files/uploads/1', shape: 'CIRCLE', strength: 100, topN: 4, scene: 1 },
    });
  });
});
