import { describe, expect, it } from 'vitest';
import {
  canContinueBatch,
  canStopBatch,
  draftFrom,
  errorField,
  itemPlainText,
  parseTags,
  subjectFromParams,
  textChange,
  textDraftOf,
  textLimitsOf,
  toNewBatch,
  totalPrice,
  validateDraft,
  validateText,
  type ContentDraft,
} from './content';
import { batch, DEFAULTS, done, item } from './fixture';

const q = (s: string) => new URLSearchParams(s);

describe('the subject from the address', () => {
  it('reads a hotspot, a calendar day, an idea of a report, or none', () => {
    expect(subjectFromParams(q('hotspotId=h-1'))).toEqual({ kind: 'hotspot', hotspotId: 'h-1' });
    expect(subjectFromParams(q('source=calendar&topic=%E4%B8%AD%E7%A7%8B&date=2026-09-25'))).toEqual({ kind: 'calendar', topic: '中秋', date: '2026-09-25' });
    expect(subjectFromParams(q('reportId=r1&ideaIndex=0'))).toEqual({ kind: 'idea', reportId: 'r1', ideaIndex: 0 });
    expect(subjectFromParams(q('reportId=r1&ideaIndex=-1'))).toEqual({ kind: 'custom' });
    expect(subjectFromParams(q('reportId=r1'))).toEqual({ kind: 'custom' });
    expect(subjectFromParams(q('topic=x'))).toEqual({ kind: 'custom' });
    expect(subjectFromParams(q(''))).toEqual({ kind: 'custom' });
  });
});

describe('the form', () => {
  const draft = (over: Partial<ContentDraft> = {}): ContentDraft => ({ ...draftFrom(DEFAULTS, { kind: 'custom' }), ...over });

  it('sends the product photo only when there is one', () => {
    const d = { ...draftFrom(DEFAULTS, { kind: 'custom' }), topic: '中秋', productName: '奶茶' };
    expect(toNewBatch(d, { kind: 'custom' }, 'zh')).not.toHaveProperty('productImage');
    expect(toNewBatch({ ...d, productImage: '/api/files/uploads/u1.png' }, { kind: 'custom' }, 'zh').productImage).toBe('/api/files/uploads/u1.png');
  });

  it('starts from the defaults: redbook and weibo, humorous, a calendar day as the topic', () => {
    expect(draftFrom(undefined, { kind: 'custom' })).toEqual({ topic: '', productName: '', productInfo: '', platforms: ['redbook', 'weibo'], ideaStyle: 'humorous', productImage: '' });
    expect(draftFrom({ ...DEFAULTS, platforms: ['wechat', 'redbook'], ideaStyle: 'lively' }, { kind: 'calendar', topic: '中秋', date: null })).toMatchObject({
      topic: '中秋',
      platforms: ['redbook', 'wechat'],
      ideaStyle: 'lively',
    });
  });

  it('checks what the server checks', () => {
    expect(validateDraft(draft(), { kind: 'custom' })).toEqual({ topic: 'required', productName: 'required' });
    expect(validateDraft(draft({ productName: '奶茶', platforms: [] }), { kind: 'hotspot', hotspotId: 'h' })).toEqual({ platforms: 'required' });
    expect(validateDraft(draft({ topic: 'x'.repeat(101), productName: 'y'.repeat(51), productInfo: 'z'.repeat(1001) }), { kind: 'calendar', topic: 'x', date: null })).toEqual({
      topic: 'tooLong',
      productName: 'tooLong',
      productInfo: 'tooLong',
    });
    expect(validateDraft(draft({ productName: '奶茶', platforms: ['redbook', 'weibo', 'tiktok'] }), { kind: 'idea', reportId: 'r', ideaIndex: 0 }, 2)).toEqual({ platforms: 'tooLong' });
  });

  it('builds the request body for each subject', () => {
    const d = draft({ topic: ' 周年庆 ', productName: ' 奶茶 ', productInfo: ' ', platforms: ['weibo', 'redbook'] });
    expect(toNewBatch(d, { kind: 'custom' }, 'zh')).toEqual({ source: 'custom', topic: '周年庆', productName: '奶茶', platforms: ['redbook', 'weibo'], ideaStyle: 'humorous', language: 'zh' });
    expect(toNewBatch({ ...d, productInfo: '18元' }, { kind: 'hotspot', hotspotId: 'h-1' }, 'en')).toEqual({
      source: 'hotspot',
      hotspotId: 'h-1',
      productName: '奶茶',
      productInfo: '18元',
      platforms: ['redbook', 'weibo'],
      ideaStyle: 'humorous',
      language: 'en',
    });
    expect(toNewBatch(d, { kind: 'idea', reportId: 'r1', ideaIndex: 2 }, 'zh')).toMatchObject({ source: 'importIdea', reportId: 'r1', ideaIndex: 2 });
    expect(toNewBatch(d, { kind: 'calendar', topic: '中秋', date: '2026-09-25' }, 'zh')).toMatchObject({ source: 'calendar', topic: '周年庆' });
  });

  it('prices the platforms with the server’s price, and files refusals under their field', () => {
    expect(totalPrice(DEFAULTS, 3)).toBe(15);
    expect(totalPrice(undefined, 3)).toBeNull();
    expect(errorField('CONTENT_PRODUCT_REQUIRED')).toBe('productName');
    expect(errorField('CONTENT_PLATFORM_REQUIRED')).toBe('platforms');
    expect(errorField('IDEA_TEXT_TOO_LONG', 'productInfo')).toBe('productInfo');
    expect(errorField('MODEL_MISSING')).toBeNull();
  });
});

describe('a batch and its items', () => {
  it('offers stop while loading and continue when something stopped or failed', () => {
    expect(canStopBatch(batch())).toBe(true);
    const settled = batch({ loading: false, items: [done(item('redbook')), item('weibo', { status: 'stopped', result: 'stop', currentTaskId: null })] });
    expect(canStopBatch(settled)).toBe(false);
    expect(canContinueBatch(settled)).toBe(true);
    expect(canContinueBatch(batch({ loading: false, items: [done(item('redbook'))] }))).toBe(false);
  });

  it('sends an edit only when something changed, within the platform’s limits', () => {
    const red = done(item('redbook'));
    expect(textChange(red, textDraftOf(red))).toBeNull();
    expect(textChange(red, { ...textDraftOf(red), tags: '#中秋 奶茶, ' })).toBeNull();
    expect(textChange(red, { ...textDraftOf(red), tags: '#中秋 #月饼' })).toEqual({ title: 'redbook标题', content: red.content, tags: ['中秋', '月饼'] });
    const weibo = done(item('weibo'));
    expect(textChange(weibo, { ...textDraftOf(weibo), content: '新的' })).toEqual({ content: '新的', tags: ['中秋', '奶茶'] });
    const served = { ...DEFAULTS, textLimits: [
      { platform: 'redbook' as const, titleMax: 20, contentMax: 1000 },
      { platform: 'weibo' as const, titleMax: null, contentMax: 500 },
      { platform: 'wechat' as const, titleMax: 30, contentMax: 2300 },
    ] };
    const limits = (p: 'redbook' | 'weibo' | 'wechat') => textLimitsOf(served, p);
    expect(validateText({ title: 'x'.repeat(21), content: 'a', tags: '' }, limits('redbook'))).toEqual({ field: 'title', kind: 'tooLong', max: 20 });
    expect(validateText({ title: 'x'.repeat(30), content: 'a', tags: '' }, limits('wechat'))).toBeNull();
    expect(validateText({ title: '', content: ' ', tags: '' }, limits('weibo'))).toEqual({ field: 'content', kind: 'required' });
    expect(validateText({ title: '', content: 'x'.repeat(501), tags: '' }, limits('weibo'))).toEqual({ field: 'content', kind: 'tooLong', max: 500 });
    // Line breaks are free, as on the server.
    expect(validateText({ title: '', content: 'x\n'.repeat(500), tags: '' }, limits('weibo'))).toBeNull();
    // Before the server's limits are in, nothing is refused here.
    expect(validateText({ title: 'x'.repeat(99), content: 'x'.repeat(9999), tags: '' }, textLimitsOf(undefined, 'redbook'))).toBeNull();
    expect(parseTags('#a #b,c，a  ')).toEqual(['a', 'b', 'c']);
  });

  it('copies title, body and tags as the platform writes them', () => {
    expect(itemPlainText(done(item('redbook')))).toBe('redbook标题\n\nredbook正文\n第二段\n\n#中秋 #奶茶');
    expect(itemPlainText(done(item('weibo')))).toBe('weibo正文\n第二段\n\n#中秋# #奶茶#');
  });
});
