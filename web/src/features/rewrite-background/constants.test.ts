import { describe, expect, it } from 'vitest';
import { limitsOf, priceOf } from '../../lib/taskTypes';
import { TASK_TYPES } from '../../lib/taskTypes.fixture';
import { buildRewriteParams, initialRewriteForm, REWRITE_LIMITS, rewriteGenNum, type RewriteLimits } from './constants';

const limits = limitsOf(TASK_TYPES, 'PRODUCT_IMAGE', REWRITE_LIMITS) as RewriteLimits;

describe('rewrite-background params', () => {
  it("uses the original app's defaults (denoisingStrength 0.55) and the server's erodeDefault", () => {
    const f = initialRewriteForm();
    expect(f.denoisingStrength).toBe(0.55);
    expect(f.erodeSize).toBeNull();
    expect(f.mode).toBe('ACCURATE_REPLICATION');
    const built = buildRewriteParams({ ...f, imageUrl: '/a', referenceUrl: '/b' }, limits);
    expect('params' in built && built.params.erodeSize).toBe(3);
    const other = buildRewriteParams({ ...f, imageUrl: '/a', referenceUrl: '/b' }, { ...limits, erodeDefault: 7 });
    expect('params' in other && other.params.erodeSize).toBe(7);
  });

  it('needs both pictures', () => {
    const f = initialRewriteForm();
    expect(buildRewriteParams(f, limits)).toEqual({ missing: 'rewriteBg.needProduct' });
    expect(buildRewriteParams({ ...f, imageUrl: '/api/files/uploads/a' }, limits)).toEqual({ missing: 'rewriteBg.needReference' });
  });

  it('builds the BACKGROUND_REPRODUCE params and charges per image', () => {
    const f = { ...initialRewriteForm(), imageUrl: '/a', referenceUrl: '/b', mode: 'STYLE_IMITATION' as const, genNum: 3, denoisingStrength: 0.777 };
    const built = buildRewriteParams(f, limits);
    expect('params' in built && built.params).toMatchObject({
      taskType: 'BACKGROUND_REPRODUCE',
      imageUrl: '/a',
      referenceUrl: '/b',
      mode: 'STYLE_IMITATION',
      denoisingStrength: 0.78,
      genNum: 3,
    });
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: rewriteGenNum(f, limits) })).toBe(15);
  });

  it("keeps genNum and erodeSize within the server's bounds", () => {
    const f = { ...initialRewriteForm(), imageUrl: '/a', referenceUrl: '/b', genNum: 9, erodeSize: 99 };
    expect(buildRewriteParams(f, limits)).toMatchObject({ params: { genNum: 4, erodeSize: 20 } });
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: rewriteGenNum(f, limits) })).toBe(20);
  });
});
