/**
 * The content page's rules, kept pure: the subject read from the address,
 * the form's checks (the server's), the request body, the price, the
 * items' states, and the editor's limits and changes.
 */
import { IDEA_STYLES, PLATFORMS, type ContentBatch, type ContentDefaults, type ContentItem, type IdeaStyle, type ItemText, type NewContentBatch, type Platform } from './api/content';

export const TOPIC_MAX = 100;
export const PRODUCT_NAME_MAX = 50;
export const PRODUCT_INFO_MAX = 1000;
/** The server keeps at most this many pictures on an item. */
export const IMAGES_MAX = 9;

export const charCount = (s: string) => [...s].length;

/** What the content is about. */
export type Subject =
  | { kind: 'hotspot'; hotspotId: string }
  | { kind: 'calendar'; topic: string; date: string | null }
  | { kind: 'idea'; reportId: string; ideaIndex: number }
  | { kind: 'custom' };

/** `?hotspotId=`, `?source=calendar&topic=&date=`, `?reportId=&ideaIndex=`, or nothing (the merchant's own topic). */
export function subjectFromParams(params: URLSearchParams): Subject {
  const hotspotId = params.get('hotspotId')?.trim();
  if (hotspotId) return { kind: 'hotspot', hotspotId };
  const reportId = params.get('reportId')?.trim();
  const index = Number(params.get('ideaIndex'));
  if (reportId && params.get('ideaIndex') !== null && Number.isInteger(index) && index >= 0) return { kind: 'idea', reportId, ideaIndex: index };
  const topic = params.get('topic')?.trim();
  if (params.get('source') === 'calendar' && topic) return { kind: 'calendar', topic, date: params.get('date')?.trim() || null };
  return { kind: 'custom' };
}

/** The address parameters that choose the subject (a change of them is a new form). */
export const SUBJECT_PARAMS = ['hotspotId', 'reportId', 'ideaIndex', 'source', 'topic', 'date'] as const;

export interface ContentDraft {
  topic: string;
  productName: string;
  productInfo: string;
  platforms: Platform[];
  ideaStyle: IdeaStyle;
  /** The product photo's URL, '' for none. */
  productImage: string;
}

export type DraftField = 'topic' | 'productName' | 'productInfo' | 'platforms';
export type DraftError = 'required' | 'tooLong';
export type DraftErrors = Partial<Record<DraftField, DraftError>>;

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

/** Known platforms, in the page's order, without repeats. */
export function platformsOf(raw: readonly unknown[] | null | undefined): Platform[] {
  const set = new Set(raw ?? []);
  return PLATFORMS.filter((p) => set.has(p));
}

/** Redbook and weibo, when the server's defaults are not in. */
const FALLBACK_PLATFORMS: readonly Platform[] = ['redbook', 'weibo'];

export function draftFrom(defaults: ContentDefaults | undefined, subject: Subject): ContentDraft {
  const platforms = platformsOf(defaults?.platforms);
  return {
    topic: subject.kind === 'calendar' ? subject.topic : '',
    productName: '',
    productInfo: '',
    platforms: platforms.length > 0 ? platforms : [...FALLBACK_PLATFORMS],
    ideaStyle: oneOf(IDEA_STYLES, defaults?.ideaStyle, 'humorous'),
    productImage: '',
  };
}

/** The server's checks: a topic for a calendar day or the merchant's own, a product name, the lengths, one platform at least. */
export function validateDraft(d: ContentDraft, subject: Subject, maxPlatforms = PLATFORMS.length): DraftErrors {
  const e: DraftErrors = {};
  if (subject.kind === 'custom' || subject.kind === 'calendar') {
    const topic = d.topic.trim();
    if (!topic) e.topic = 'required';
    else if (charCount(topic) > TOPIC_MAX) e.topic = 'tooLong';
  }
  const name = d.productName.trim();
  if (!name) e.productName = 'required';
  else if (charCount(name) > PRODUCT_NAME_MAX) e.productName = 'tooLong';
  if (charCount(d.productInfo.trim()) > PRODUCT_INFO_MAX) e.productInfo = 'tooLong';
  if (d.platforms.length === 0) e.platforms = 'required';
  else if (d.platforms.length > maxPlatforms) e.platforms = 'tooLong';
  return e;
}

export function toNewBatch(d: ContentDraft, subject: Subject, language: 'zh' | 'en'): NewContentBatch {
  const base = { productName: d.productName.trim(), platforms: platformsOf(d.platforms), ideaStyle: d.ideaStyle, language };
  const info = d.productInfo.trim();
  const body: NewContentBatch =
    subject.kind === 'hotspot'
      ? { source: 'hotspot', hotspotId: subject.hotspotId, ...base }
      : subject.kind === 'idea'
        ? { source: 'importIdea', reportId: subject.reportId, ideaIndex: subject.ideaIndex, ...base }
        : { source: subject.kind, topic: d.topic.trim(), ...base };
  if (info) body.productInfo = info;
  if (d.productImage) body.productImage = d.productImage;
  return body;
}

/** Which field a refusal belongs under, by the field the server names or its code. */
export function errorField(error: string, field?: string | null): DraftField | null {
  if (field && (['topic', 'productName', 'productInfo', 'platforms'] as string[]).includes(field)) return field as DraftField;
  switch (error) {
    case 'CONTENT_PRODUCT_REQUIRED':
      return 'productName';
    case 'CONTENT_PLATFORM_REQUIRED':
      return 'platforms';
    case 'IDEA_TOPIC_REQUIRED':
      return 'topic';
    default:
      return null;
  }
}

/** The price of the chosen platforms; null while the price is unknown. */
export function totalPrice(defaults: ContentDefaults | undefined, platforms: number): number | null {
  const per = defaults?.pricePerPlatform;
  return typeof per === 'number' ? per * platforms : null;
}

export const isLoading = (item: Pick<ContentItem, 'result'>) => item.result === 'loading';

/** "全部停止": something is loading. */
export const canStopBatch = (b: ContentBatch) => b.loading || b.items.some(isLoading);
/** "继续生成": something was stopped or failed. */
export const canContinueBatch = (b: ContentBatch) => b.items.some((i) => i.result === 'stop' || i.result === 'fail');

/** A platform's limits on an edited text; a null title: the platform has none. */
export interface TextLimits {
  title: number | null;
  content: number;
}

/** Only whether a platform has a title: the numbers come from the server (`textLimits` of the defaults). */
const HAS_TITLE: Record<Platform, boolean> = { redbook: true, tiktok: true, wechat: true, weibo: false };

/** The server's limits for `platform`; before they are in, only the title's presence is known and nothing is refused here. */
export function textLimitsOf(defaults: ContentDefaults | undefined, platform: Platform): TextLimits {
  const served = defaults?.textLimits?.find((l) => l.platform === platform);
  if (served) return { title: served.titleMax ?? null, content: served.contentMax };
  return { title: HAS_TITLE[platform] ? Number.POSITIVE_INFINITY : null, content: Number.POSITIVE_INFINITY };
}

/** Body characters as the server counts them: line breaks are free. */
export const bodyCount = (s: string) => charCount(s.replace(/[\r\n]/g, ''));

/** The editor's fields: tags as one line of words. */
export interface TextDraft {
  title: string;
  content: string;
  tags: string;
}

export const tagsLine = (tags: readonly string[]) => tags.map((t) => `#${t}`).join(' ');

/** Tags typed as "#a #b, c": without '#', blanks and repeats. */
export function parseTags(line: string): string[] {
  const out: string[] = [];
  for (const raw of line.split(/[\s,，、#]+/)) {
    const tag = raw.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

export function textDraftOf(item: ContentItem): TextDraft {
  return { title: item.title ?? '', content: item.content ?? '', tags: tagsLine(item.tags) };
}

export type TextError = { field: 'title' | 'content'; kind: 'required' | 'tooLong'; max?: number };

export function validateText(d: TextDraft, limits: TextLimits): TextError | null {
  if (limits.title !== null && charCount(d.title.trim()) > limits.title) return { field: 'title', kind: 'tooLong', max: limits.title };
  if (!d.content.trim()) return { field: 'content', kind: 'required' };
  if (bodyCount(d.content.trim()) > limits.content) return { field: 'content', kind: 'tooLong', max: limits.content };
  return null;
}

/** The body of PUT …/text, or null when nothing changed (nothing is sent). */
export function textChange(item: ContentItem, d: TextDraft): ItemText | null {
  const hasTitle = HAS_TITLE[item.platform];
  const title = d.title.trim();
  const tags = parseTags(d.tags);
  const sameTitle = !hasTitle || title === (item.title ?? '').trim();
  const sameContent = d.content === (item.content ?? '');
  const sameTags = tags.length === item.tags.length && tags.every((t, i) => t === item.tags[i]);
  if (sameTitle && sameContent && sameTags) return null;
  return hasTitle ? { title: title || null, content: d.content, tags } : { content: d.content, tags };
}

/** The item as plain text for the clipboard: title, body, then the tags on one line. */
export function itemPlainText(item: ContentItem): string {
  const tags = item.tags.map((t) => (item.platform === 'weibo' ? `#${t}#` : `#${t}`)).join(' ');
  return [item.title?.trim(), item.content?.trim(), tags]
    .filter((b): b is string => !!b)
    .join('\n\n');
}
