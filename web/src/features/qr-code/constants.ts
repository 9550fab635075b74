/**
 * /ai-qr-code: the QR_CODE_ART task (defaults: cost 0, scene 1, topN 4,
 * strength 33; shapes SQUARE (default), CIRCLE, LONG_CIRCLE, LONG_SQUARE).
 */
export const QR_BIZ_TYPE = 'QR_CODE_ART';
export const QR_COST = 0;
export const QR_SCENE = 1;
export const QR_DEFAULT_TOP_N = 4;
export const QR_MAX_TOP_N = 4;
export const QR_DEFAULT_STRENGTH = 33;

export const QR_SHAPES = ['SQUARE', 'CIRCLE', 'LONG_CIRCLE', 'LONG_SQUARE'] as const;
export type QrShape = (typeof QR_SHAPES)[number];
export const DEFAULT_QR_SHAPE: QrShape = 'SQUARE';

/**
 * What a level-H QR code (version 40) holds: 1,273 bytes of text, 3,057
 * digits. The server checks the exact capacity (mixed content packs in
 * between); this is the form's early warning.
 */
export const QR_MAX_BYTES = 1273;
export const QR_MAX_DIGITS = 3057;

export function contentFits(content: string): boolean {
  const text = content.trim();
  if (/^[0-9]*$/.test(text)) return text.length <= QR_MAX_DIGITS;
  return new TextEncoder().encode(text).length <= QR_MAX_BYTES;
}

export interface QrForm {
  content: string;
  imageUrl: string | null;
  shape: QrShape;
  strength: number;
  topN: number;
}

export const initialQrForm = (): QrForm => ({
  content: '',
  imageUrl: null,
  shape: DEFAULT_QR_SHAPE,
  strength: QR_DEFAULT_STRENGTH,
  topN: QR_DEFAULT_TOP_N,
});

export type QrParams = {
  content: string;
  imageUrl: string;
  shape: QrShape;
  strength: number;
  topN: number;
  scene: number;
};

/** The submission, or the message key of what is missing or wrong. */
export function buildQrParams(form: QrForm): { params: QrParams } | { missing: 'qr.contentRequired' | 'qr.contentTooLong' | 'qr.imageRequired' } {
  const content = form.content.trim();
  if (!content) return { missing: 'qr.contentRequired' };
  if (!contentFits(content)) return { missing: 'qr.contentTooLong' };
  if (!form.imageUrl) return { missing: 'qr.imageRequired' };
  return {
    params: {
      content,
      imageUrl: form.imageUrl,
      shape: form.shape,
      strength: Math.round(Math.min(100, Math.max(0, form.strength))),
      topN: Math.round(Math.min(QR_MAX_TOP_N, Math.max(1, form.topN))),
      scene: QR_SCENE,
    },
  };
}

export const qrFileName = (taskId: string, i: number) => `qr-code-${taskId}-${i + 1}.png`;
