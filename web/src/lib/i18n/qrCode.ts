/** Strings of the artistic QR code lab (merged into the one i18n table). */
export const QR_MESSAGES = {
  'qr.title': { zh: '艺术二维码', en: 'Artistic QR code' },
  'qr.subtitle': {
    zh: '输入链接或文字，上传产品图、Logo或场景图，生成能扫的艺术二维码。每个二维码在交付前都经过解码验证。',
    en: 'Enter a link or text and upload a product photo, a logo or a scene: get artistic QR codes that scan. Every code is decoded before it is delivered.',
  },
  'qr.content': { zh: '二维码内容', en: 'QR code content' },
  'qr.content.placeholder': { zh: '链接或文字，例如 https://…', en: 'A link or text, e.g. https://…' },
  'qr.contentRequired': { zh: '请输入二维码内容', en: 'Please enter the content of the QR code' },
  'qr.contentTooLong': {
    zh: '二维码内容过长（最多1273个字节，纯数字最多3057位），请缩短内容',
    en: 'The QR code content is too long (at most 1,273 bytes of text, or 3,057 digits); please shorten it',
  },
  'qr.imageRequired': { zh: '请上传图片', en: 'Please upload an image' },
  'qr.shape': { zh: '码点形状', en: 'Module shape' },
  'qr.shape.SQUARE': { zh: '方形', en: 'Square' },
  'qr.shape.CIRCLE': { zh: '同心圆', en: 'Concentric circle' },
  'qr.shape.LONG_CIRCLE': { zh: '圆角矩形', en: 'Rounded rectangle' },
  'qr.shape.LONG_SQUARE': { zh: '矩形', en: 'Rectangle' },
  'qr.strength': { zh: '图片强度', en: 'Strength' },
  'qr.strength.hint': {
    zh: '越高图片越明显；若无法保证可扫描，会自动降低强度',
    en: 'Higher shows more of the image; it is lowered automatically when a code would not scan',
  },
  'qr.topN': { zh: '生成数量', en: 'Number of codes' },
  'qr.generating': { zh: '正在生成并验证二维码…', en: 'Drawing and verifying QR codes…' },
  'qr.failed': { zh: '生成失败', en: 'Generation failed' },
  'qr.empty': { zh: '生成的二维码会显示在这里', en: 'Your QR codes will appear here' },
  'qr.scans': { zh: '可扫描', en: 'Scans' },
  'qr.scans.title': {
    zh: '已解码验证：原尺寸、缩小到25%、模糊和JPEG压缩后均可识别',
    en: 'Verified by decoding: as delivered, downscaled to 25 %, blurred and JPEG-compressed',
  },
  'qr.download': { zh: '下载', en: 'Download' },
} as const;
