/** Strings of the poster editor's "fill in the words" panel (POSTER_COPY_GEN), merged into the one i18n table. */
export const POSTER_FILL_MESSAGES = {
  'posterFill.title': { zh: '智能填写', en: 'Fill in the words' },
  'posterFill.source.product': { zh: '从商品', en: 'From a product' },
  'posterFill.source.idea': { zh: '从创意', en: 'From an idea' },
  'posterFill.label.product': { zh: '商品名称和卖点', en: 'Product name and key facts' },
  'posterFill.label.idea': { zh: '活动主题', en: 'Campaign theme' },
  'posterFill.placeholder.product': {
    zh: '例如：316不锈钢保温杯，500ml，保温24小时，四色可选，到手价89元',
    en: 'e.g. Stainless steel flask, 500 ml, keeps drinks hot for 24 h, four colours, $19',
  },
  'posterFill.placeholder.idea': {
    zh: '例如：春季上新，清爽出游季，全场8折',
    en: 'e.g. Spring arrivals: fresh looks for the holidays, 20% off everything',
  },
  'posterFill.generate': { zh: '生成文案', en: 'Write the words' },
  'posterFill.writing': { zh: 'AI 正在写文案…', en: 'Writing the words…' },
  'posterFill.required.product': { zh: '请先写下商品名称和卖点（至少{min}个字）', en: 'Please describe the product first (at least {min} characters)' },
  'posterFill.required.idea': { zh: '请先写下活动主题（至少{min}个字）', en: 'Please describe the campaign first (at least {min} characters)' },
  'posterFill.tooLong': { zh: '内容过长（最多{max}个字）', en: 'The text is too long (at most {max} characters)' },
  'posterFill.done': { zh: '已填入{n}处文字', en: 'Filled in {n} texts' },
  'posterFill.doneUndo': { zh: '已填入{n}处文字，不满意可点「撤销」恢复。', en: 'Filled in {n} texts; Undo brings back the previous words.' },
  'posterFill.nothing': { zh: '没有生成可填入的文字，原文字未改动', en: 'No words came back; the texts are unchanged' },
  'posterFill.failed': { zh: '文案生成失败，灵石已返还', en: 'The words could not be written; your coins were returned' },
  'posterFill.unavailable.modelMissing': {
    zh: '智能填写即将上线：服务器尚未安装文案模型。',
    en: 'Fill in the words is coming soon: the server has no text model installed yet.',
  },
  'posterFill.unavailable.notAllowed': {
    zh: '智能填写暂未开放：当前文案模型不允许商用。',
    en: 'Fill in the words is not available: the text model here is not cleared for commercial use.',
  },
} as const;
