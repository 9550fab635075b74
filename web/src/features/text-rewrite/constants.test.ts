import { describe, expect, it } from 'vitest';
import { limitsOf } from '../../lib/taskTypes';
import { TASK_TYPES } from '../../lib/taskTypes.fixture';
import {
  ARTICLE_REWRITE_BIZ_TYPE,
  REWRITE_LIMITS,
  TEXT_REWRITE_BIZ_TYPE,
  buildRewriteParams,
  contentProblem,
  countChars,
  effectiveGenNum,
  initialRewriteForm,
  isHttpUrl,
  rewriteFileName,
  type RewriteLimits,
} from './constants';

const limits = limitsOf(TASK_TYPES, TEXT_REWRITE_BIZ_TYPE, REWRITE_LIMITS) as RewriteLimits;
const article = limitsOf(TASK_TYPES, ARTICLE_REWRITE_BIZ_TYPE, REWRITE_LIMITS) as RewriteLimits;

describe('rewrite form', () => {
  it('defaults to RED, humorous, the source language and the server’s count', () => {
    const f = initialRewriteForm();
    expect([f.platform, f.style, f.language, f.genNum]).toEqual(['redbook', 'humorous', 'auto', null]);
    expect(effectiveGenNum(null, limits)).toBe(limits.genNumDefault);
    expect(effectiveGenNum(9, limits)).toBe(limits.genNumMax);
    expect(effectiveGenNum(null, article)).toBe(1);
  });

  it('counts characters as people do (a CJK character or an emoji is one), trimmed', () => {
    expect(countChars('  你好🌸 ')).toBe(3);
    expect(contentProblem('   ', limits)).toBe('rewrite.contentRequired');
    expect(contentProblem('a'.repeat(limits.contentMinChars - 1), limits)).toBe('rewrite.contentTooShort');
    expect(contentProblem('好'.repeat(limits.contentMinChars), limits)).toBeNull();
    expect(contentProblem('好'.repeat(limits.contentMaxChars + 1), limits)).toBe('rewrite.contentTooLong');
  });

  it('builds the submission, leaving the language out when it follows the source', () => {
    const content = '  这是一段需要改写的商品文案，足够长了。  ';
    expect(buildRewriteParams({ ...initialRewriteForm(), content }, limits)).toEqual({
      params: { content: content.trim(), socialPlatform: 'redbook', style: 'humorous', genNum: limits.genNumDefault },
    });
    const en = buildRewriteParams({ ...initialRewriteForm(), content, platform: 'tiktok', style: 'emotional', language: 'en', genNum: 3 }, limits);
    expect(en).toEqual({ params: { content: content.trim(), socialPlatform: 'tiktok', style: 'emotional', language: 'en', genNum: 3 } });
  });

  it('names what is wrong, with the bounds for the message', () => {
    expect(buildRewriteParams({ ...initialRewriteForm(), content: '短' }, limits)).toEqual({
      missing: 'rewrite.contentTooShort',
      vars: { min: limits.contentMinChars, max: limits.contentMaxChars },
    });
  });

  it('checks links and names downloads', () => {
    expect(isHttpUrl('https://mp.weixin.qq.com/s/abc')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('mp.weixin.qq.com')).toBe(false);
    expect(rewriteFileName('HOT_ARTICLE_REWRITE', 't1', 0)).toBe('hot-article-rewrite-t1-1.txt');
  });
});
