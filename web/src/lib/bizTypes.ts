import { messages, type MessageKey } from './i18n';

/** Every task type the API knows (shared/src/domain/biz_type.rs, `BizType::ALL`). */
export const BIZ_TYPES = [
  'MANNEQUIN_IMAGE',
  'MODEL_IMAGE_NEW',
  'WIG_IMAGE',
  'SHOES_IMAGE',
  'PRODUCT_IMAGE',
  'PRODUCT_REPLACE_IMAGE',
  'MATTING_IMAGE',
  'CUSTOMIZED_MODEL',
  'PET_IMAGE_CUSTOMIZED',
  'IMG_2_VEDIO',
  'TRY_ON',
  'QR_CODE_ART',
] as const;
export type BizType = (typeof BIZ_TYPES)[number];

/** The localised name of a task type; never the raw code. */
export function bizTypeLabel(bizType: string | null | undefined, t: (k: MessageKey) => string): string {
  const key = `bizType.${bizType ?? ''}`;
  return key in messages ? t(key as MessageKey) : t('bizType.unknown');
}
