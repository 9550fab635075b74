/** The product photo field shared by the idea report and content pages. */
export const PRODUCT_PHOTO_MESSAGES = {
  'photo.label': { zh: '产品图', en: 'Product photo' },
  'photo.choose': { zh: '上传产品图', en: 'Upload a photo' },
  'photo.replace': { zh: '更换', en: 'Replace' },
  'photo.remove': { zh: '移除', en: 'Remove' },
  'photo.uploading': { zh: '上传中…', en: 'Uploading…' },
  'photo.one': { zh: '只能上传一张产品图', en: 'One product photo only' },
} as const;
