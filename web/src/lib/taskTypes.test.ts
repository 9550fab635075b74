import { describe, expect, it } from 'vitest';
import { TASK_TYPES, TASK_TYPES_PAYLOAD } from './taskTypes.fixture';
import { globalLimitOf, limitOf, limitsOf, normalizeTaskTypes, priceOf } from './taskTypes';

describe('priceOf', () => {
  it('is unknown (null) while the task types load or for a type the server does not list', () => {
    expect(priceOf(undefined, 'MATTING_IMAGE')).toBeNull();
    expect(priceOf(TASK_TYPES, 'NO_SUCH_TYPE')).toBeNull();
  });

  it('charges a perTask type once per task, a batch once per product', () => {
    expect(priceOf(TASK_TYPES, 'MATTING_IMAGE')).toBe(5);
    expect(priceOf(TASK_TYPES, 'MATTING_IMAGE', { images: 4 })).toBe(5);
    expect(priceOf(TASK_TYPES, 'TRY_ON', { products: 3 })).toBe(60);
    expect(priceOf(TASK_TYPES, 'QR_CODE_ART')).toBe(0);
  });

  it('charges a perImage type per generated image, times the products of a batch', () => {
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE')).toBe(5);
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: 3 })).toBe(15);
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: 2, products: 4 })).toBe(40);
    // An empty batch still shows what one product would cost.
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { images: 3, products: 0 })).toBe(15);
  });

  it('charges a byResolution type by the chosen resolution, and is unknown without one', () => {
    expect(priceOf(TASK_TYPES, 'IMG_2_VEDIO', { resolution: '480p' })).toBe(40);
    expect(priceOf(TASK_TYPES, 'IMG_2_VEDIO', { resolution: '720p' })).toBe(80);
    expect(priceOf(TASK_TYPES, 'IMG_2_VEDIO')).toBeNull();
  });

  it('charges a perResult type per generated answer (lingshi × genNum)', () => {
    expect(priceOf(TASK_TYPES, 'TEXT_REWRITE')).toBe(5);
    expect(priceOf(TASK_TYPES, 'TEXT_REWRITE', { results: 3 })).toBe(15);
    expect(priceOf(TASK_TYPES, 'TEXT_REWRITE', { results: 0 })).toBe(5);
    // Images do not count for it, nor answers for a perImage type.
    expect(priceOf(TASK_TYPES, 'TEXT_REWRITE', { images: 4 })).toBe(5);
    expect(priceOf(TASK_TYPES, 'PRODUCT_IMAGE', { results: 4 })).toBe(5);
    expect(priceOf(TASK_TYPES, 'HOT_ARTICLE_REWRITE', { results: 1 })).toBe(10);
    expect(priceOf(TASK_TYPES, 'HOT_PIC_REWRITE', { results: 2 })).toBe(20);
    expect(priceOf(TASK_TYPES, 'HOT_VIDEO_REWRITE', { results: 1 })).toBe(10);
  });

  it('follows the server: a changed price is the displayed price', () => {
    const raised = normalizeTaskTypes({ ...TASK_TYPES_PAYLOAD, taskTypes: { MATTING_IMAGE: { family: 'segment', price: { rule: 'perTask', lingshi: 7 }, limits: {} } } });
    expect(priceOf(raised, 'MATTING_IMAGE')).toBe(7);
  });
});

describe('limitOf', () => {
  it("reads one type's bound, null while unknown", () => {
    expect(limitOf(TASK_TYPES, 'PRODUCT_IMAGE', 'erodeMax')).toBe(20);
    expect(limitOf(TASK_TYPES, 'QR_CODE_ART', 'textMaxBytes')).toBe(1273);
    expect(limitOf(TASK_TYPES, 'MATTING_IMAGE', 'genNumMax')).toBeNull();
    expect(limitOf(undefined, 'PRODUCT_IMAGE', 'erodeMax')).toBeNull();
  });

  it('reads the limits that belong to no one type', () => {
    expect(globalLimitOf(TASK_TYPES, 'maxBatchItems')).toBe(100);
    expect(globalLimitOf(undefined, 'maxBatchItems')).toBeNull();
  });

  it('gives several bounds only when all are known', () => {
    expect(limitsOf(TASK_TYPES, 'TRY_ON', ['genNumMax', 'genNumDefault'])).toEqual({ genNumMax: 4, genNumDefault: 4 });
    expect(limitsOf(TASK_TYPES, 'TRY_ON', ['genNumMax', 'erodeMax'])).toBeNull();
  });
});

describe('normalizeTaskTypes', () => {
  it('drops a type whose price it cannot read, and non-numeric limits', () => {
    const tt = normalizeTaskTypes({
      taskTypes: {
        A: { family: 'segment', price: { rule: 'perTask', lingshi: '5' }, limits: {} },
        B: { family: 'video', price: { rule: 'byResolution', '480p': 40 }, limits: {} },
        C: { family: 'nope', price: { rule: 'perTask', lingshi: 1 }, limits: {} },
        D: { family: 'qr', price: { rule: 'perTask', lingshi: 1 }, limits: { topNMax: '4', topNDefault: 2 } },
        E: { family: 'text', price: { rule: 'perResult', lingshi: -1 }, limits: {} },
        F: { family: 'text', price: { rule: 'perResult' }, limits: {} },
      },
      limits: { maxBatchItems: 'many' },
    });
    expect(Object.keys(tt.taskTypes)).toEqual(['D']);
    expect(tt.taskTypes.D.limits).toEqual({ topNDefault: 2 });
    expect(tt.limits).toEqual({});
    expect(normalizeTaskTypes(null)).toEqual({ taskTypes: {}, limits: {} });
  });

  it('reads the fixture (shaped as the contract) whole', () => {
    expect(Object.keys(TASK_TYPES.taskTypes)).toHaveLength(20);
    expect(TASK_TYPES.taskTypes.TEXT_REWRITE).toEqual({
      family: 'text',
      price: { rule: 'perResult', lingshi: 5 },
      limits: { contentMinChars: 5, contentMaxChars: 2000, genNumMax: 4, genNumDefault: 2 },
    });
    expect(TASK_TYPES.taskTypes.POSTER_COPY_GEN).toEqual({ family: 'text', price: { rule: 'perTask', lingshi: 2 }, limits: { contentMinChars: 2, contentMaxChars: 500 } });
    expect(priceOf(TASK_TYPES, 'POSTER_COPY_GEN')).toBe(2);
    expect(priceOf(TASK_TYPES, 'MKT_IDEA_GEN')).toBe(30);
  });
});
