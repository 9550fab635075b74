/** Strings of /rewrite-background (merged into the one i18n table). */
export const REWRITE_BG_MESSAGES = {
  'rewriteBg.title': { zh: '背景复刻', en: 'Background replication' },
  'rewriteBg.subtitle': {
    zh: '上传商品图和参考图：精准复刻参考场景（可移除原主体），或按参考图的风格生成新背景。',
    en: 'Upload your product and a reference picture: replicate the reference scene (optionally removing its own subject), or get a new background in its style.',
  },
  'rewriteBg.product': { zh: '商品图', en: 'Product' },
  'rewriteBg.reference': { zh: '参考图', en: 'Reference scene' },
  'rewriteBg.mode': { zh: '复刻模式', en: 'Mode' },
  'rewriteBg.mode.ACCURATE_REPLICATION': { zh: '精准复刻', en: 'Accurate replication' },
  'rewriteBg.mode.STYLE_IMITATION': { zh: '风格模仿', en: 'Style imitation' },
  'rewriteBg.removeSubject': { zh: '移除参考图主体', en: 'Remove the reference subject' },
  'rewriteBg.denoising': { zh: '重绘强度', en: 'Denoising strength' },
  'rewriteBg.needProduct': { zh: '请上传商品图', en: 'Please upload a product photo' },
  'rewriteBg.needReference': { zh: '请上传参考图', en: 'Please upload a reference image' },
  'rewriteBg.empty': { zh: '上传商品图和参考图后点击生成', en: 'Upload a product and a reference picture, then generate' },
} as const;
