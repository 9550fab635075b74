/**
 * The text-rewrite pages: /rewrite-text (文案改写, TEXT_REWRITE) and
 * /rewrite-article (爆文改写, HOT_ARTICLE_REWRITE). Both submit
 * `{ content, socialPlatform, style, language?, genNum }`; their prices
 * (perResult: lingshi × genNum) and bounds (contentMinChars,
 * contentMaxChars, genNumMax, genNumDefault) are the server's
 * (`GET /api/task-types`, lib/taskTypes).
 */
import type { MessageKey } from '../../lib/i18n';

export const TEXT_REWRITE_BIZ_TYPE = 'TEXT_REWRITE';
export const ARTICLE_REWRITE_BIZ_TYPE = 'HOT_ARTICLE_REWRITE';
export type RewriteBizType = typeof TEXT_REWRITE_BIZ_TYPE | typeof ARTICLE_REWRITE_BIZ_TYPE;

/** The server's limits the forms are built with. */
export const REWRITE_LIMITS = ['contentMinChars', 'contentMaxChars', 'genNumMax', 'genNumDefault'] as const;
export type RewriteLimits = Record<(typeof REWRITE_LIMITS)[number], number>;

export const PLATFORMS = ['redbook', 'weibo', 'tiktok', 'wechat'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const DEFAULT_PLATFORM: Platform = 'redbook';

export const STYLES = ['humorous', 'professional', 'lively', 'imaginative', 'uplifting', 'emotional', 'everyday'] as const;
export type Style = (typeof STYLES)[number];
export const DEFAULT_STYLE: Style = 'humorous';

/** `auto`: the answer follows the source text's language (the param is left out). */
export const LANGUAGES = ['auto', 'zh', 'en'] as const;
export type LanguageChoice = (typeof LANGUAGES)[number];

export const platformKey = (p: Platform): MessageKey => `rewrite.platform.${p}` as MessageKey;
export const styleKey = (s: Style): MessageKey => `rewrite.style.${s}` as MessageKey;
export const languageKey = (l: LanguageChoice): MessageKey => `rewrite.language.${l}` as MessageKey;

/** What users call a character: code points (an emoji or a CJK character is one), of the text as sent. */
export function countChars(content: string): number {
  return [...content.trim()].length;
}

export type ContentProblem = 'rewrite.contentRequired' | 'rewrite.contentTooShort' | 'rewrite.contentTooLong';

/** What is wrong with the text, as its message key, or null. */
export function contentProblem(content: string, limits: Pick<RewriteLimits, 'contentMinChars' | 'contentMaxChars'>): ContentProblem | null {
  const n = countChars(content);
  if (n === 0) return 'rewrite.contentRequired';
  if (n < limits.contentMinChars) return 'rewrite.contentTooShort';
  if (n > limits.contentMaxChars) return 'rewrite.contentTooLong';
  return null;
}

export interface RewriteForm {
  content: string;
  platform: Platform;
  style: Style;
  language: LanguageChoice;
  /** null: the server's genNumDefault, until the user picks one. */
  genNum: number | null;
}

export const initialRewriteForm = (): RewriteForm => ({
  content: '',
  platform: DEFAULT_PLATFORM,
  style: DEFAULT_STYLE,
  language: 'auto',
  genNum: null,
});

/** The task params (until the OpenAPI types carry them). */
export type RewriteParams = {
  content: string;
  socialPlatform: Platform;
  style: Style;
  language?: 'zh' | 'en';
  genNum: number;
};

/** The count a form asks for: the user's pick, else the server's default, within 1..genNumMax. */
export function effectiveGenNum(genNum: number | null, limits: Pick<RewriteLimits, 'genNumMax' | 'genNumDefault'>): number {
  return Math.round(Math.min(limits.genNumMax, Math.max(1, genNum ?? limits.genNumDefault)));
}

/** The submission, or what is wrong (a message key with its values). */
export function buildRewriteParams(
  form: RewriteForm,
  limits: RewriteLimits,
): { params: RewriteParams } | { missing: ContentProblem; vars: Record<string, number> } {
  const problem = contentProblem(form.content, limits);
  if (problem) return { missing: problem, vars: { min: limits.contentMinChars, max: limits.contentMaxChars } };
  const params: RewriteParams = {
    content: form.content.trim(),
    socialPlatform: form.platform,
    style: form.style,
    genNum: effectiveGenNum(form.genNum, limits),
  };
  if (form.language !== 'auto') params.language = form.language;
  return { params };
}

/** Whether a string reads as an http(s) link (the server decides which hosts it fetches). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The reasons a dislike may give; `offTopic` only for a video script. */
export const DISLIKE_REASONS = ['wrongInfo', 'weakCreativity', 'weakContent', 'styleMismatch'] as const;
export const SCRIPT_DISLIKE_REASONS = [...DISLIKE_REASONS, 'offTopic'] as const;
export type DislikeReason = (typeof SCRIPT_DISLIKE_REASONS)[number];

export const rewriteFileName = (bizType: string, taskId: string, i: number) => `${bizType.toLowerCase().replace(/_/g, '-')}-${taskId}-${i + 1}.txt`;
