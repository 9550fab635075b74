/**
 * The "保存热点" form's rules, the same as the server's: a title of 1–100
 * characters, a summary of at most 500, an article of at most 6000, and
 * links that are http(s). Characters are code points, as the server counts.
 */
import type { NewHotspot } from './api/hotspots';

export const TITLE_MAX = 100;
export const SUMMARY_MAX = 500;
export const ARTICLE_MAX = 6000;

export interface CustomHotspotDraft {
  title: string;
  summary: string;
  article: string;
  xhsUrl: string;
}

export const EMPTY_DRAFT: CustomHotspotDraft = { title: '', summary: '', article: '', xhsUrl: '' };

export type DraftError = 'titleRequired' | 'titleTooLong' | 'summaryTooLong' | 'articleTooLong' | 'badUrl';
export type DraftErrors = Partial<Record<keyof CustomHotspotDraft, DraftError>>;

export const charCount = (s: string) => [...s].length;

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export function validateDraft(d: CustomHotspotDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = d.title.trim();
  if (!title) errors.title = 'titleRequired';
  else if (charCount(title) > TITLE_MAX) errors.title = 'titleTooLong';
  if (charCount(d.summary.trim()) > SUMMARY_MAX) errors.summary = 'summaryTooLong';
  if (charCount(d.article.trim()) > ARTICLE_MAX) errors.article = 'articleTooLong';
  const url = d.xhsUrl.trim();
  if (url && !isHttpUrl(url)) errors.xhsUrl = 'badUrl';
  return errors;
}

/** The body to POST; empty optional fields are left out. */
export function toNewHotspot(d: CustomHotspotDraft): NewHotspot {
  const body: NewHotspot = { title: d.title.trim() };
  const summary = d.summary.trim();
  const article = d.article.trim();
  const xhsUrl = d.xhsUrl.trim();
  if (summary) body.summary = summary;
  if (article) body.article = article;
  if (xhsUrl) body.xhsUrl = xhsUrl;
  return body;
}
