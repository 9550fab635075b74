import { describe, expect, it } from 'vitest';
import { buildRewriteParams, initialRewriteForm, rewriteCost } from './constants';

describe('rewrite-background params', () => {
  it('uses the spec defaults (denoisingStrength 0.55, erodeSize 3)', () => {
    const f = initialRewriteForm();
    expect(f.denoisingStrength).toBe(0.55);
    expect(f.erodeSize).toBe(3);
    expect(f.mode).toBe('ACCURATE_REPLICATION');
  });

  it('needs both pictures', () => {
    const f = initialRewriteForm();
    expect(buildRewriteParams(f)).toEqual({ missing: 'rewriteBg.needProduct' });
    expect(buildRewriteParams({ ...f, imageUrl: '/api/files/uploads/a' })).toEqual({ missing: 'rewriteBg.needReference' });
  });

  it('builds the BACKGROUND_REPRODUCE params and charges per image', () => {
    const f = { ...initialRewriteForm(), imageUrl: '/a', referenceUrl: '/b', mode: 'STYLE_IMITATION' as const, genNum: 3, denoisingStrength: 0.777 };
    const built = buildRewriteParams(f);
    expect('params' in built && built.params).toMatchObject({
      taskType: 'BACKGROUND_REPRODUCE',
      imageUrl: '/a',
      referenceUrl: '/b',
      mode: 'STYLE_IMITATION',
      denoisingStrength: 0.78,
      genNum: 3,
    });
    expect(rewriteCost(f)).toBe(15);
  });
});
