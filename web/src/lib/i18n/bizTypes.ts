/**
 * Display names of the task types (bizType), merged into the one i18n
 * table. The names follow the pages' titles in the route registry, so a
 * task in the creation space is called what the page that made it is called.
 */
export const BIZ_TYPE_MESSAGES = {
  'bizType.MANNEQUIN_IMAGE': { zh: '人台图', en: 'Mannequin image' },
  'bizType.MODEL_IMAGE_NEW': { zh: '真人模特图', en: 'Model photo' },
  'bizType.WIG_IMAGE': { zh: '假发图', en: 'Wig image' },
  'bizType.SHOES_IMAGE': { zh: '鞋靴图', en: 'Shoe image' },
  'bizType.PRODUCT_IMAGE': { zh: '商品图', en: 'Product image' },
  'bizType.PRODUCT_REPLACE_IMAGE': { zh: '商品替换', en: 'Product replacement' },
  'bizType.MATTING_IMAGE': { zh: 'AI抠图', en: 'AI Cutout' },
  'bizType.CUSTOMIZED_MODEL': { zh: '定制模特', en: 'Custom model' },
  'bizType.PET_IMAGE_CUSTOMIZED': { zh: '宠物/定制形象', en: 'Pet or custom character' },
  'bizType.IMG_2_VEDIO': { zh: '图生视频', en: 'Image to video' },
  'bizType.TRY_ON': { zh: '虚拟试穿', en: 'Virtual try-on' },
  'bizType.QR_CODE_ART': { zh: '艺术二维码', en: 'Artistic QR code' },
  'bizType.PLACARD_GEN': { zh: '海报', en: 'Poster' },
  'bizType.POSTER_COPY_GEN': { zh: '海报文案', en: 'Poster words' },
  'bizType.TEXT_REWRITE': { zh: '文案改写', en: 'Copy rewrite' },
  'bizType.HOT_ARTICLE_REWRITE': { zh: '爆文改写', en: 'Article rewrite' },
  'bizType.HOT_PIC_REWRITE': { zh: '图片改写', en: 'Image rewrite' },
  'bizType.HOT_VIDEO_REWRITE': { zh: '视频改写', en: 'Video rewrite' },
  'bizType.MKT_IDEA_GEN': { zh: '营销创意报告', en: 'Idea report stage' },
  'bizType.MKT_CONTENT_GEN': { zh: '内容生成', en: 'Content per platform' },
  // A type newer than this build: a generic name reads better than a code.
  'bizType.unknown': { zh: 'AI生成', en: 'AI generation' },
} as const;
