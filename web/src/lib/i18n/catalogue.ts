/** What each feature does, in one line, and the coming-soon wording (merged into the one i18n table). */
export const CATALOGUE_MESSAGES = {
  'feature.cutout.line': {
    zh: '一键去除背景，得到透明底 PNG 和可编辑的蒙版',
    en: 'Remove the background in one click: a transparent PNG and an editable mask',
  },
  'feature.productImage.line': {
    zh: '把商品放到纯色、渐变或场景背景上，自动加阴影',
    en: 'Place your product on a colour, gradient or scene, with a natural shadow',
  },
  'feature.productBg.line': {
    zh: '为商品换上模板场景背景，一次出多张备选',
    en: 'Give your product a template scene, several variants at once',
  },
  'feature.batchCopyBg.line': {
    zh: '多张商品图统一换成同一个背景，适合整店上新',
    en: 'Apply one background to many products at once, for a whole catalogue',
  },
  'feature.rewriteBackground.line': {
    zh: '参考一张喜欢的图片，复刻它的背景和氛围',
    en: 'Copy the background and mood of a picture you like',
  },
  'feature.qrCode.line': {
    zh: '生成可扫码的艺术二维码，贴合品牌风格',
    en: 'Artistic QR codes that still scan, in your brand’s style',
  },
  'feature.rewriteText.line': {
    zh: '把一段文案改写成小红书、微博、抖音或公众号的风格',
    en: 'Rewrite your copy for RED, Weibo, TikTok/Douyin or a WeChat article',
  },
  'feature.rewriteArticle.line': {
    zh: '输入爆文链接或全文，改写成适合你平台的新文章',
    en: 'Turn a viral article (its link or its text) into a fresh one for your platform',
  },
  'feature.topicGenerate.line': {
    zh: '输入一个主题，为你的平台写出一篇完整的内容',
    en: 'Give a topic: a whole piece written for your platform',
  },
  'feature.rewriteImage.line': {
    zh: '上传笔记图片，识别图中文字并改写成新文案',
    en: 'Upload a note’s images: their text, read and rewritten as fresh copy',
  },
  'feature.rewriteVideo.line': {
    zh: '上传短视频，转写口播并改写成新的短视频脚本',
    en: 'Upload a short video: its speech transcribed and rewritten as a new script',
  },
  'feature.video.line': {
    zh: '让商品图动起来：推拉摇移的短视频',
    en: 'Bring a product photo to life with a short camera-move video',
  },
  'feature.mannequin.line': {
    zh: '服装穿在人台上的展示图',
    en: 'Show your garment on a dress form',
  },
  'feature.modelPhoto.line': {
    zh: '真人模特穿着您的服装拍摄的效果图',
    en: 'Your garment worn by a real-looking model',
  },
  'feature.shoes.line': {
    zh: '鞋靴上脚效果与场景图',
    en: 'Shoes on feet and in a scene',
  },
  'feature.wig.line': {
    zh: '假发佩戴在模特头上的效果图',
    en: 'Your wig worn by a model',
  },
  'feature.customizedModels.line': {
    zh: '按您指定的风格生成专属模特形象',
    en: 'A model in the style you choose, just for your brand',
  },
  'feature.customizedAnimal.line': {
    zh: '宠物和定制形象的创意图片',
    en: 'Creative pictures of pets and custom characters',
  },
  'feature.tryon.line': {
    zh: '上传衣服图片，让模特直接试穿',
    en: 'Upload a garment and see it tried on by a model',
  },
  'feature.open': { zh: '立即使用', en: 'Open' },
  'feature.soon': { zh: '即将上线', en: 'Coming soon' },
  'home.soon': { zh: '即将上线', en: 'Coming soon' },
  'home.soon.desc': {
    zh: '以下功能正在准备中，上线后即可在这里使用。',
    en: 'These are on their way; you can use them here once they launch.',
  },
  'soon.title': { zh: '「{name}」即将上线', en: '“{name}” is coming soon' },
  'soon.desc': {
    zh: '该功能正在准备中，暂时还不能使用。上线后您可以直接在这里生成。',
    en: 'This feature is being prepared and cannot be used yet. Once it launches you can create here directly.',
  },
  'soon.generic': { zh: '该功能即将上线', en: 'This feature is coming soon' },
  'soon.others': { zh: '现在就可以试试这些功能：', en: 'You can already use these:' },
} as const;
