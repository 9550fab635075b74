import { describe, expect, it } from 'vitest';
import { bizTypeLabel } from './bizTypes';
import { t, type MessageKey } from './i18n';
import { TASK_TYPES_PAYLOAD } from './taskTypes.fixture';

// Every type the server declares (GET /api/task-types; the fixture mirrors it).
const BIZ_TYPES = Object.keys(TASK_TYPES_PAYLOAD.taskTypes);

const zh = (k: MessageKey) => t(k, undefined, 'zh');
const en = (k: MessageKey) => t(k, undefined, 'en');

describe('bizTypeLabel', () => {
  it('names every task type in both languages, never as its code', () => {
    for (const type of BIZ_TYPES) {
      expect(bizTypeLabel(type, zh)).not.toBe(type);
      expect(bizTypeLabel(type, en)).not.toBe(type);
      expect(bizTypeLabel(type, zh)).not.toBe(bizTypeLabel(type, en));
    }
  });

  it('uses the pages’ names', () => {
    expect(bizTypeLabel('IMG_2_VEDIO', zh)).toBe('图生视频');
    expect(bizTypeLabel('IMG_2_VEDIO', en)).toBe('Image to video');
    expect(bizTypeLabel('PRODUCT_IMAGE', zh)).toBe('商品图');
    expect(bizTypeLabel('MATTING_IMAGE', en)).toBe('AI Cutout');
  });

  it('a type this build does not know gets a generic name', () => {
    expect(bizTypeLabel('SOMETHING_NEW', zh)).toBe('AI生成');
    expect(bizTypeLabel(null, en)).toBe('AI generation');
  });
});
