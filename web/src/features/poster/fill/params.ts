/**
 * POSTER_COPY_GEN ("fill in the words" in the poster editor): the server
 * writes words for every text slot of a template from a product's facts or
 * a campaign idea. Its price and the content bounds are the server's
 * (`GET /api/task-types`, lib/taskTypes).
 */
import type { Lang } from '../../../lib/i18n';
import { templateChanged } from '../constants';
import type { PosterTemplate } from '../template';

export const POSTER_COPY_BIZ_TYPE = 'POSTER_COPY_GEN';

/** What the words are written from: a product (its name, specs, price) or an idea (a campaign theme). */
export const COPY_SOURCES = ['product', 'idea'] as const;
export type CopySource = (typeof COPY_SOURCES)[number];

export interface PosterCopyParams {
  source: CopySource;
  content: string;
  language: Lang;
  templateId: string;
  template?: PosterTemplate;
}

/** The bounds `GET /api/task-types` serves for the content. */
export const COPY_LIMIT_NAMES = ['contentMinChars', 'contentMaxChars'] as const;
export type CopyLimits = Record<(typeof COPY_LIMIT_NAMES)[number], number>;

/** Characters as the server counts them (code points, after trimming). */
export const countChars = (text: string) => Array.from(text.trim()).length;

/** What is wrong with the content, or null (also while the bounds are unknown: the server decides). */
export function contentProblem(content: string, limits: CopyLimits | null): 'short' | 'long' | null {
  if (!limits) return content.trim() ? null : 'short';
  const n = countChars(content);
  if (n < limits.contentMinChars) return 'short';
  if (n > limits.contentMaxChars) return 'long';
  return null;
}

/**
 * The task params: the library id, the edited document only when the
 * layout or colours changed or the template is the tenant's own (as
 * PLACARD_GEN is sent), the trimmed content and the page's language.
 */
export function buildCopyParams(input: {
  source: CopySource;
  content: string;
  language: Lang;
  original: PosterTemplate;
  edited: PosterTemplate;
  own?: boolean;
}): PosterCopyParams {
  const params: PosterCopyParams = { source: input.source, content: input.content.trim(), language: input.language, templateId: input.original.id };
  if (input.own || templateChanged(input.original, input.edited)) params.template = input.edited;
  return params;
}
