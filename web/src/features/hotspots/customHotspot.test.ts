import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, toNewHotspot, validateDraft } from './customHotspot';

const draft = (over: Partial<typeof EMPTY_DRAFT>) => ({ ...EMPTY_DRAFT, ...over });

describe('the custom save form', () => {
  it('needs a title of 1–100 characters (code points, trimmed)', () => {
    expect(validateDraft(draft({}))).toEqual({ title: 'titleRequired' });
    expect(validateDraft(draft({ title: '   ' }))).toEqual({ title: 'titleRequired' });
    expect(validateDraft(draft({ title: '热'.repeat(100) }))).toEqual({});
    expect(validateDraft(draft({ title: '热'.repeat(101) }))).toEqual({ title: 'titleTooLong' });
    // An emoji is one character to the server, two UTF-16 units here.
    expect(validateDraft(draft({ title: '🔥'.repeat(100) }))).toEqual({});
  });

  it('takes a summary of at most 500 characters, an article of 6000 and an http(s) link', () => {
    expect(validateDraft(draft({ title: 'a', summary: 'x'.repeat(500) }))).toEqual({});
    expect(validateDraft(draft({ title: 'a', summary: 'x'.repeat(501) }))).toEqual({ summary: 'summaryTooLong' });
    expect(validateDraft(draft({ title: 'a', article: 'x'.repeat(6001) }))).toEqual({ article: 'articleTooLong' });
    expect(validateDraft(draft({ title: 'a', xhsUrl: 'javascript:alert(1)' }))).toEqual({ xhsUrl: 'badUrl' });
    expect(validateDraft(draft({ title: 'a', xhsUrl: 'https://www.xiaohongshu.com/explore/1' }))).toEqual({});
  });

  it('sends the trimmed fields, leaving the empty ones out', () => {
    expect(toNewHotspot(draft({ title: ' 测试自定义热点 ', summary: '  ' }))).toEqual({ title: '测试自定义热点' });
    expect(toNewHotspot(draft({ title: 't', summary: ' s ', article: 'a', xhsUrl: 'https://x.cn' }))).toEqual({
      title: 't',
      summary: 's',
      article: 'a',
      xhsUrl: 'https://x.cn',
    });
  });
});
