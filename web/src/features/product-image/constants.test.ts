import { describe, expect, it } from 'vitest';
import { allowsBatch, BATCH_MAX_ITEMS, batchLimit, buildParams, costOf, initialForm, usesCustomColour } from './constants';

describe('product image params', () => {
  it('defaults differ per route and build the API params', () => {
    const a = initialForm('productImage');
    const b = initialForm('productBg');
    expect(a.background).toEqual({ kind: 'palette', hex: '#FFFFFF' });
    expect(b.background).toEqual({ kind: 'template', id: 'studio-light' });
    expect(buildParams(a)).toEqual({ missing: 'productImage.needImage' });
    const built = buildParams({ ...a, imageUrl: '/api/files/uploads/x' });
    expect(built).toEqual({
      params: {
        imageUrl: '/api/files/uploads/x',
        backgroundColor: '#FFFFFF',
        scale: 0,
        erodeSize: 3,
        ratio: '1:1',
        format: 'png',
        genNum: 1,
        reflection: false,
      },
    });
    expect(buildParams({ ...b, imageUrl: 'u', background: { kind: 'upload', url: null } })).toEqual({
      missing: 'productImage.needBackground',
    });
  });

  it('knows custom colours and costs per image', () => {
    expect(usesCustomColour({ kind: 'custom', hex: '#123456' })).toBe(true);
    expect(usesCustomColour({ kind: 'custom', hex: '#e5e6e8' })).toBe(false);
    expect(usesCustomColour({ kind: 'gradient', from: '#FFFFFF', to: '#010101' })).toBe(true);
    expect(usesCustomColour({ kind: 'template', id: 'marble' })).toBe(false);
    expect(costOf({ ...initialForm('productImage'), genNum: 3 })).toBe(15);
    expect(costOf({ ...initialForm('productImage'), genNum: 2 }, 4)).toBe(40);
  });
});

describe('batch rules', () => {
  it('flagship and enterprise members may submit batches', () => {
    expect(['free', 'basic', 'professional', 'premium', 'flagship', 'enterprise', null].map(allowsBatch)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('the batch limit is the server’s when it sends one, else the API’s default', () => {
    expect(batchLimit(undefined)).toBe(BATCH_MAX_ITEMS);
    expect(batchLimit(null)).toBe(100);
    expect(batchLimit(0)).toBe(100);
    expect(batchLimit(20)).toBe(20);
  });
});
