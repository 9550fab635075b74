/**
 * /topic-generate (主题创作, THEME_ARTICLE_GEN): an article on a topic. The
 * form is the rewrite form's (platform, style, language, count); the topic
 * is sent as `topic` and bounded by the server's contentMinChars /
 * contentMaxChars like the rewrite pages' text.
 */
import type { Lang, MessageKey } from '../../lib/i18n';
import { buildRewriteParams, type Platform, type RewriteForm, type RewriteLimits, type Style } from './constants';

export const TOPIC_BIZ_TYPE = 'THEME_ARTICLE_GEN';

/** An empty topic's message (the others, too short and too long, are the rewrite pages'). */
export const TOPIC_REQUIRED: MessageKey = 'topicGenerate.topicRequired';

/** The task params (until the OpenAPI types carry them). */
export type TopicParams = {
  topic: string;
  socialPlatform: Platform;
  style: Style;
  language?: 'zh' | 'en';
  genNum: number;
};

/** Topics a merchant can start from (seasonal and evergreen shop themes). */
export const TOPIC_SUGGESTIONS: Record<Lang, readonly string[]> = {
  zh: ['冬季保暖好物推荐', '年货节送礼清单', '露营季的防晒装备', '上班族的高效通勤好物', '新手养宠必备清单'],
  en: ['Winter warmers worth buying', 'A gift list for the holidays', 'Sun protection for camping season', 'Commute essentials for office workers', 'What every new pet owner needs'],
};

/** The submission, or what is wrong with the topic. */
export function buildTopicParams(
  form: RewriteForm,
  limits: RewriteLimits,
): { params: TopicParams } | { missing: MessageKey; vars: Record<string, number> } {
  const built = buildRewriteParams(form, limits);
  if ('missing' in built) {
    return { missing: built.missing === 'rewrite.contentRequired' ? TOPIC_REQUIRED : built.missing, vars: built.vars };
  }
  const { content, ...rest } = built.params;
  return { params: { topic: content, ...rest } };
}
