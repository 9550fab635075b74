import { describe, expect, it } from 'vitest';
import { limitsOf, priceOf } from '../../lib/taskTypes';
import { TASK_TYPES } from '../../lib/taskTypes.fixture';
import { allowsBatch, batchLimit, buildParams, genNumOf, initialForm, PRODUCT_LIMITS, usesCustomColour, type ProductLimits } from './constants';

const limits = limitsOf(TASK_TYPES, 'PRODUCT_IMAGE', PRODUCT_LIMITS) as ProductLimits;

describe('product image params', () => {
  it('defaults differ per route and build the API params', () => {
    const a = initialForm('productImage');
    const b = initialForm('productBg');
    expect(a.background).toEqual({ kind: 'palette', hex: '#FFFFFF' });
    expect(b.background).toEqual({ kind: 'template', id: 'studio-light' });
    expect(buildParams(a, limits)).toEqual({ missing: 'productImage.needImage' });
    const built = buildParams({ ...a, imageUrl: '/api/files/uploads/x' }, limits);
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
    expect(buildParams({ ...b, imageUrl: 'u', background: { kind: 'upload', url: null } }, limits)).toEqual({
      missing: 'productImage.needBackground',
    });
  });

  it("keeps erodeSize and genNum within the server's bounds", () => {
    const form = { ...initialForm('productBg'), imageUrl: 'u', erodeSize: 50, genNum: 4 };
    const tight = { genNumMax: 3, erodeMax: 10, erodeDefault: 5 };
    expect(buildParams(form, tight)).toMatchObject({ params: { erodeSize: 10, genNum: 3 } });
    expect(buildParams({ ...form, erodeSize: null }, tight)).toMatchObject({ params: { erodeSize: 5 } });
  });

  it('knows custom colours and costs per image', () => {
    expect(usesCustomColour({ kind: 'custom', hex: '#123456' })).toBe(true);
    expect(usesCustomColour({ kind: 'custom', hex: '#e5e6e8' })).toBe(false);
    expect(usesCustomColour({ kind: 'gradient', from: '#FFFFFF', to: '#010101' })).toBe(true);
    expect(usesCustomColour({ kind: 'template', id: 'marble' })).toBe(false);
    const images = (genNum: number) => genNumOf({ ...initialForm('productImage'), genNum }, limits);
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: images(3) })).toBe(15);
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: images(2), products: 4 })).toBe(40);
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

  it('the batch limit is the server’s, unknown (null) until it says one', () => {
    expect(batchLimit(undefined)).toBeNull();
    expect(batchLimit(null)).toBeNull();
    expect(batchLimit(0)).toBeNull();
    expect(batchLimit(20)).toBe(20);
    expect(batchLimit(100)).toBe(100);
  });
});
