/**
 * PLACARD_GEN (/modi-poster, /template, /template-edit, /poster,
 * /customized-publicity): a poster typeset from a template. The price and
 * the bounds are the server's (`GET /api/task-types`, lib/taskTypes).
 */
import { defaultText, isTextual, type PosterTemplate } from './template';

export const POSTER_BIZ_TYPE = 'PLACARD_GEN';
export const POSTER_FORMATS = ['png', 'jpeg'] as const;
export type PosterFormat = (typeof POSTER_FORMATS)[number];

export interface PosterParams {
  templateId: string;
  template?: PosterTemplate;
  texts?: Record<string, string>;
  images?: Record<string, string>;
  format?: PosterFormat;
}

/** Whether the edited document differs from the library's (layout, colours): only then is it sent. */
export function templateChanged(original: PosterTemplate, edited: PosterTemplate): boolean {
  return JSON.stringify(original) !== JSON.stringify(edited);
}

/** The words that differ from the slots' defaults, by slot id (slots the document has only). */
export function changedTexts(template: PosterTemplate, texts: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of template.layers) {
    if (!isTextual(l)) continue;
    const v = texts[l.id];
    if (v !== undefined && v !== defaultText(l)) out[l.id] = v;
  }
  return out;
}

/** The product slots of a template (a product photo fills them). */
export const productSlots = (template: PosterTemplate) => template.layers.filter((l) => l.type === 'image' && l.role === 'product').map((l) => l.id);

/**
 * The task params: the library id, the edited document only when the
 * layout or colours changed, changed words, pictures by slot, the format.
 */
export function buildPosterParams(input: {
  original: PosterTemplate;
  edited: PosterTemplate;
  texts: Record<string, string>;
  images: Record<string, string>;
  format: PosterFormat;
  /** A tenant's own template is not in the server's library: its document always goes along. */
  own?: boolean;
}): PosterParams {
  const params: PosterParams = { templateId: input.original.id, format: input.format };
  if (input.own || templateChanged(input.original, input.edited)) params.template = input.edited;
  const texts = changedTexts(input.edited, input.texts);
  if (Object.keys(texts).length > 0) params.texts = texts;
  const slots = new Set(input.edited.layers.filter((l) => l.type === 'image').map((l) => l.id));
  if (input.edited.background.type === 'image') slots.add(input.edited.background.slot);
  const images = Object.fromEntries(Object.entries(input.images).filter(([id]) => slots.has(id)));
  if (Object.keys(images).length > 0) params.images = images;
  return params;
}

/** What a poster downloads as. */
export const posterFileName = (taskId: string, format: string) => `poster-${taskId.slice(0, 8)}.${format === 'jpeg' ? 'jpg' : 'png'}`;

/** Whether the text fits the server's character limit (null: unknown, allowed). */
export const textFits = (text: string, max: number | null) => max === null || Array.from(text).length <= max;
