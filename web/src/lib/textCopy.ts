/**
 * The results of the text tasks (TEXT_REWRITE, HOT_ARTICLE_REWRITE): one
 * result per answer, `{ url, kind: "text", width: 0, height: 0, copy }`,
 * where `url` serves the answer as plain text and `copy` is its parsed
 * shape for the platform it was written for. Shared by the rewrite pages,
 * the history thumbnails and the creation space.
 *
 * Until the OpenAPI types carry it: `ResultDto` has no `copy` or `rating`
 * and `ResultKind` no `text`. These local types stand in; after the
 * schema is regenerated they can be swapped for `Schemas['…']`.
 */
import type { components } from './api/schema';
import type { TaskResult } from './api/tasks';

/** A RED (Xiaohongshu) note. */
export interface NoteCopy {
  shape: 'note';
  title: string;
  paragraphs: string[];
  tags: string[];
}

/** A Weibo post: its tags read as `#tag#`. */
export interface PostCopy {
  shape: 'post';
  paragraphs: string[];
  tags: string[];
}

export interface ScriptShot {
  visual: string;
  narration: string;
  seconds: number;
}

/** A TikTok/Douyin video script, shot by shot. */
export interface ScriptCopy {
  shape: 'script';
  title: string;
  shots: ScriptShot[];
  tags: string[];
}

export interface ArticleSection {
  heading: string | null;
  paragraphs: string[];
}

/** A WeChat official-account article. */
export interface ArticleCopy {
  shape: 'article';
  title: string;
  sections: ArticleSection[];
}

/** Until the OpenAPI types carry it. */
export type TextCopy = NoteCopy | PostCopy | ScriptCopy | ArticleCopy;

export type Rating = components['schemas']['Verdict'];
export type DislikeReason = components['schemas']['DislikeReason'];
/** A result's rating by its owner, as the task JSON carries it. */
export type ResultRating = components['schemas']['CopyRating'];

/** A result of a text task. Until the OpenAPI types carry it. */
export type TextResult = Omit<TaskResult, 'kind'> & {
  kind: 'text';
  copy?: unknown;
  rating?: ResultRating | null;
};

const isString = (v: unknown): v is string => typeof v === 'string';
const strings = (v: unknown): string[] | null => (Array.isArray(v) && v.every(isString) ? v : null);
const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Whether a task result is a text answer. */
export function isTextResult(r: unknown): r is TextResult {
  const o = record(r);
  return !!o && o.kind === 'text' && isString(o.url);
}

/** A task's text answers, in order (empty for any other task). */
export function textResults(results: readonly unknown[] | null | undefined): TextResult[] {
  return (results ?? []).filter(isTextResult);
}

/**
 * Reads a result's `copy`, or null when it is missing or malformed (the
 * page then shows the plain text instead of a wrong layout).
 */
export function readCopy(raw: unknown): TextCopy | null {
  const o = record(raw);
  if (!o) return null;
  switch (o.shape) {
    case 'note': {
      const paragraphs = strings(o.paragraphs);
      const tags = strings(o.tags ?? []);
      return isString(o.title) && paragraphs && tags ? { shape: 'note', title: o.title, paragraphs, tags } : null;
    }
    case 'post': {
      const paragraphs = strings(o.paragraphs);
      const tags = strings(o.tags ?? []);
      return paragraphs && tags ? { shape: 'post', paragraphs, tags } : null;
    }
    case 'script': {
      const tags = strings(o.tags ?? []);
      if (!isString(o.title) || !tags || !Array.isArray(o.shots)) return null;
      const shots: ScriptShot[] = [];
      for (const raw of o.shots) {
        const s = record(raw);
        if (!s || !isString(s.visual) || !isString(s.narration)) return null;
        const seconds = typeof s.seconds === 'number' && Number.isFinite(s.seconds) && s.seconds >= 0 ? s.seconds : 0;
        shots.push({ visual: s.visual, narration: s.narration, seconds });
      }
      return { shape: 'script', title: o.title, shots, tags };
    }
    case 'article': {
      if (!isString(o.title) || !Array.isArray(o.sections)) return null;
      const sections: ArticleSection[] = [];
      for (const raw of o.sections) {
        const s = record(raw);
        const paragraphs = s && strings(s.paragraphs);
        if (!s || !paragraphs) return null;
        sections.push({ heading: isString(s.heading) && s.heading.trim() !== '' ? s.heading : null, paragraphs });
      }
      return { shape: 'article', title: o.title, sections };
    }
    default:
      return null;
  }
}

/** A tag as the platform writes it: `#tag#` on Weibo, `#tag` elsewhere. */
export function formatTag(tag: string, shape: TextCopy['shape']): string {
  const bare = tag.trim().replace(/^#+|#+$/g, '');
  return shape === 'post' ? `#${bare}#` : `#${bare}`;
}

/** The words a script's plain text labels its shots with (the page's language). */
export interface ScriptLabels {
  /** e.g. "镜头 {n}" / "Shot {n}". */
  shot: (n: number) => string;
  seconds: (s: number) => string;
  visual: string;
  narration: string;
}

/** An answer as plain text, for the clipboard (paragraphs split by blank lines, tags on the last line). */
export function copyToPlainText(copy: TextCopy, labels: ScriptLabels): string {
  const blocks: string[] = [];
  const tags = (list: string[]) => {
    const line = list.filter((t) => t.trim() !== '').map((t) => formatTag(t, copy.shape)).join(' ');
    if (line) blocks.push(line);
  };
  switch (copy.shape) {
    case 'note':
      if (copy.title.trim()) blocks.push(copy.title.trim());
      blocks.push(...copy.paragraphs);
      tags(copy.tags);
      break;
    case 'post':
      blocks.push(...copy.paragraphs);
      tags(copy.tags);
      break;
    case 'script':
      if (copy.title.trim()) blocks.push(copy.title.trim());
      copy.shots.forEach((s, i) => {
        blocks.push(`${labels.shot(i + 1)}（${labels.seconds(s.seconds)}）\n${labels.visual}：${s.visual}\n${labels.narration}：${s.narration}`);
      });
      tags(copy.tags);
      break;
    case 'article':
      if (copy.title.trim()) blocks.push(copy.title.trim());
      for (const s of copy.sections) {
        if (s.heading) blocks.push(s.heading);
        blocks.push(...s.paragraphs);
      }
      break;
  }
  return blocks
    .map((b) => b.trim())
    .filter((b) => b !== '')
    .join('\n\n');
}

/** A short line for a history thumbnail: the answer's title, else its first words. */
export function copySnippet(copy: TextCopy | null, fallback = '', max = 60): string {
  let text = fallback;
  if (copy) {
    if (copy.shape !== 'post' && copy.title.trim()) text = copy.title;
    else if (copy.shape === 'post') text = copy.paragraphs.find((p) => p.trim()) ?? '';
    if (!text.trim() && copy.shape === 'article') text = copy.sections.flatMap((s) => s.paragraphs).find((p) => p.trim()) ?? '';
    if (!text.trim() && copy.shape === 'script') text = copy.shots[0]?.narration ?? '';
    if (!text.trim() && copy.shape === 'note') text = copy.paragraphs.find((p) => p.trim()) ?? '';
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}
