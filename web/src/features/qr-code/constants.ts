/**
 * /ai-qr-code: the QR_CODE_ART task (defaults: scene 1, strength 33; shapes
 * SQUARE (default), CIRCLE, LONG_CIRCLE, LONG_SQUARE). Its price, topN's
 * default and bound and the text capacity are the server's
 * (`GET /api/task-types`, lib/taskTypes).
 */
export const QR_BIZ_TYPE = 'QR_CODE_ART';
export const QR_SCENE = 1;
export const QR_DEFAULT_STRENGTH = 33;

/** The server's limits the form is built with. */
export const QR_LIMITS = ['topNMax', 'topNDefault', 'textMaxBytes', 'textMaxDigits'] as const;
export type QrLimits = Record<(typeof QR_LIMITS)[number], number>;

export const QR_SHAPES = ['SQUARE', 'CIRCLE', 'LONG_CIRCLE', 'LONG_SQUARE'] as const;
export type QrShape = (typeof QR_SHAPES)[number];
export const DEFAULT_QR_SHAPE: QrShape = 'SQUARE';

/**
 * Whether the text fits what a level-H QR code holds, as the server states
 * it (textMaxBytes of text, textMaxDigits of digits). The server checks the
 * exact capacity (mixed content packs in between); this is the form's early
 * warning.
 */
export function contentFits(content: string, limits: Pick<QrLimits, 'textMaxBytes' | 'textMaxDigits'>): boolean {
  const text = content.trim();
  if (/^[0-9]*$/.test(text)) return text.length <= limits.textMaxDigits;
  return new TextEncoder().encode(text).length <= limits.textMaxBytes;
}

export interface QrForm {
  content: string;
  imageUrl: string | null;
  shape: QrShape;
  strength: number;
  /** null: the server's topNDefault, until the user picks one. */
  topN: number | null;
}

export const initialQrForm = (): QrForm => ({
  content: '',
  imageUrl: null,
  shape: DEFAULT_QR_SHAPE,
  strength: QR_DEFAULT_STRENGTH,
  topN: null,
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
export function buildQrParams(form: QrForm, limits: QrLimits): { params: QrParams } | { missing: 'qr.contentRequired' | 'qr.contentTooLong' | 'qr.imageRequired' } {
  const content = form.content.trim();
  if (!content) return { missing: 'qr.contentRequired' };
  if (!contentFits(content, limits)) return { missing: 'qr.contentTooLong' };
  if (!form.imageUrl) return { missing: 'qr.imageRequired' };
  return {
    params: {
      content,
      imageUrl: form.imageUrl,
      shape: form.shape,
      strength: Math.round(Math.min(100, Math.max(0, form.strength))),
      topN: Math.round(Math.min(limits.topNMax, Math.max(1, form.topN ?? limits.topNDefault))),
      scene: QR_SCENE,
    },
  };
}

export const qrFileName = (taskId: string, i: number) => `qr-code-${taskId}-${i + 1}.png`;
