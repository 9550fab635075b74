import { describe, expect, it } from 'vitest';
import { completed, DEFAULTS, report } from './fixture';
import {
  calendarIdeaLink,
  cooldownLeft,
  docxFileName,
  draftFrom,
  errorField,
  retryBody,
  sectionContent,
  stageState,
  subjectFromParams,
  toNewReport,
  totalPrice,
  validateDraft,
  type IdeaDraft,
  type Subject,
} from './report';

const params = (qs: string) => new URLSearchParams(qs);
const custom: Subject = { kind: 'custom', source: 'CUSTOM_INSPIRATION' };
const hotspot: Subject = { kind: 'hotspot', hotspotId: 'h-1', source: 'PUBLIC' };

const draft = (over: Partial<IdeaDraft> = {}): IdeaDraft => ({ ...draftFrom(DEFAULTS, custom), reportTitle: '周年庆', marketDesc: '奶茶', ...over });

describe('subjectFromParams', () => {
  it('reads a hotspot, a calendar day, a topic of another source, or nothing', () => {
    expect(subjectFromParams(params('hotspotId=h-1&topic=x'))).toEqual(hotspot);
    expect(subjectFromParams(params('topic=中秋节&topicDesc=团圆&source=CALENDAR'))).toEqual({ kind: 'calendar', topic: '中秋节', topicDesc: '团圆', source: 'CALENDAR' });
    expect(subjectFromParams(params('topic=周年庆'))).toEqual({ kind: 'calendar', topic: '周年庆', topicDesc: '', source: 'CUSTOM_INSPIRATION' });
    expect(subjectFromParams(params('reportId=r1'))).toEqual(custom);
    expect(subjectFromParams(params('hotspotId=%20'))).toEqual(custom);
  });

  it('builds the calendar link the page reads back', () => {
    const link = calendarIdeaLink('中秋节', '团圆');
    expect(subjectFromParams(new URL(link, 'http://x').searchParams)).toEqual({ kind: 'calendar', topic: '中秋节', topicDesc: '团圆', source: 'CALENDAR' });
  });
});

describe('the form', () => {
  it('sends the product photo only when there is one', () => {
    expect(toNewReport(draft(), custom, 'desktop', 'zh')).not.toHaveProperty('productImage');
    expect(toNewReport(draft({ productImage: '/api/files/uploads/u1.png' }), custom, 'desktop', 'zh').productImage).toBe('/api/files/uploads/u1.png');
  });

  it('starts from the defaults, with the calendar day as the topic', () => {
    const d = draftFrom(DEFAULTS, { kind: 'calendar', topic: '中秋节', topicDesc: '团圆', source: 'CALENDAR' });
    expect(d).toEqual({
      reportTitle: '中秋节',
      topicDesc: '团圆',
      mktType: 'product',
      marketDesc: '',
      prompt: '',
      ideaStyle: 'humorous',
      socialType: ['image', 'video', 'offline'],
      productImage: '',
    });
    // Unknown values from the server fall back to the known ones.
    expect(draftFrom({ ...DEFAULTS, ideaStyle: 'weird' as never, socialType: ['video', 'nope' as never] }, custom)).toMatchObject({ ideaStyle: 'humorous', socialType: ['video'] });
  });

  it('checks what the server checks', () => {
    expect(validateDraft(draft(), custom)).toEqual({});
    expect(validateDraft(draft({ marketDesc: '  ' }), custom)).toEqual({ marketDesc: 'required' });
    expect(validateDraft(draft({ reportTitle: '' }), custom)).toEqual({ reportTitle: 'required' });
    // A hotspot is the topic: none is asked for.
    expect(validateDraft(draft({ reportTitle: '' }), hotspot)).toEqual({});
    expect(validateDraft(draft({ socialType: [] }), custom)).toEqual({ socialType: 'socialRequired' });
    expect(validateDraft(draft({ reportTitle: '字'.repeat(101), marketDesc: '字'.repeat(501), prompt: '字'.repeat(501) }), custom)).toEqual({
      reportTitle: 'tooLong',
      marketDesc: 'tooLong',
      prompt: 'tooLong',
    });
    // Characters are code points.
    expect(validateDraft(draft({ marketDesc: '😀'.repeat(500) }), custom)).toEqual({});
  });

  it('sends the hotspot or the topic, trimmed, without empty extras', () => {
    expect(toNewReport(draft({ marketDesc: ' 奶茶 ', socialType: ['offline', 'image'] }), hotspot, 'desktop', 'zh')).toEqual({
      hotspotSourceType: 'PUBLIC',
      hotspotId: 'h-1',
      mktType: 'product',
      marketDesc: '奶茶',
      ideaStyle: 'humorous',
      socialType: ['image', 'offline'],
      ordering: 'desktop',
      language: 'zh',
    });
    expect(toNewReport(draft({ topicDesc: '十周年', prompt: '面向学生' }), custom, 'mobile', 'en')).toEqual({
      hotspotSourceType: 'CUSTOM_INSPIRATION',
      reportTitle: '周年庆',
      topicDesc: '十周年',
      mktType: 'product',
      marketDesc: '奶茶',
      prompt: '面向学生',
      ideaStyle: 'humorous',
      socialType: ['image', 'video', 'offline'],
      ordering: 'mobile',
      language: 'en',
    });
  });

  it('prices the chosen kinds, unknown while a price is missing', () => {
    expect(totalPrice(DEFAULTS.prices, ['image', 'video', 'offline'])).toBe(30);
    expect(totalPrice(DEFAULTS.prices, ['video'])).toBe(0);
    expect(totalPrice({}, ['image'])).toBeNull();
    expect(totalPrice({}, [])).toBe(0);
  });

  it('puts a refusal under the field the server names, or the one its code implies', () => {
    expect(errorField('IDEA_TEXT_TOO_LONG', 'prompt')).toBe('prompt');
    expect(errorField('IDEA_TOPIC_REQUIRED', 'topic')).toBe('reportTitle');
    expect(errorField('IDEA_MARKET_DESC_REQUIRED')).toBe('marketDesc');
    expect(errorField('IDEA_SOCIAL_TYPE_REQUIRED', null)).toBe('socialType');
    expect(errorField('IDEA_TOPIC_REQUIRED')).toBe('reportTitle');
    expect(errorField('TASK_LIMIT')).toBeNull();
    expect(errorField('HOTSPOT_NOT_FOUND', 'hotspotId')).toBeNull();
  });
});

describe('a report', () => {
  it('says each stage: delivered, running, waiting, failed, or never written', () => {
    const r = report({ stage: 'summary', runningStage: 'advice_online' });
    expect(r.stages.map((s) => stageState(r, s))).toEqual(['done', 'running', 'waiting', 'waiting']);
    const start = report();
    expect(start.stages.map((s) => stageState(start, s))).toEqual(['running', 'waiting', 'waiting', 'waiting']);
    const failed = report({ process: 'failed', stage: 'summary', runningStage: null, errorStage: 'advice_online' });
    expect(failed.stages.map((s) => stageState(failed, s))).toEqual(['done', 'failed', 'stopped', 'stopped']);
    const cancelled = report({ process: 'cancelled', stage: 'advice_online', runningStage: null });
    expect(cancelled.stages.map((s) => stageState(cancelled, s))).toEqual(['done', 'done', 'stopped', 'stopped']);
    const done = completed();
    expect(done.stages.map((s) => stageState(done, s))).toEqual(['done', 'done', 'done', 'done']);
  });

  it('reads each stage’s content', () => {
    const r = completed();
    expect(sectionContent(r, 'summary')).toEqual({ kind: 'text', text: '中秋节是团圆的节日。' });
    expect(sectionContent(r, 'advice_online')).toMatchObject({ kind: 'ideas', items: [{ title: '图文创意1' }, {}, {}] });
    expect(sectionContent(r, 'advice_online_video')).toMatchObject({ kind: 'ideas', items: [{ title: '视频创意1' }, {}, {}] });
    expect(sectionContent(r, 'advice_offline')).toMatchObject({ kind: 'ideas', items: [{ title: '线下创意1' }, {}, {}] });
    expect(sectionContent(r, 'association')).toEqual({ kind: 'points', items: ['月饼礼盒', '赏月'] });
    expect(sectionContent(r, 'risk')).toEqual({ kind: 'points', items: ['避免过度承诺', '注意食品安全宣传用语'] });
  });

  it('is asked for again exactly as before', () => {
    expect(retryBody(report(), 'zh')).toEqual({
      hotspotSourceType: 'CALENDAR',
      reportTitle: '中秋节',
      topicDesc: '团圆',
      mktType: 'product',
      marketDesc: '桂花乌龙奶茶，18元一杯，低糖',
      ideaStyle: 'lively',
      socialType: ['image'],
      ordering: 'desktop',
      language: 'zh',
    });
    const fromHotspot = report({ hotspotId: 'h-1', hotspotSourceType: 'PUBLIC', reportParams: { ...report().reportParams, prompt: '学生', ordering: 'mobile' } });
    expect(retryBody(fromHotspot, 'en')).toMatchObject({ hotspotSourceType: 'PUBLIC', hotspotId: 'h-1', prompt: '学生', ordering: 'mobile', language: 'en' });
    expect(retryBody(fromHotspot, 'en')).not.toHaveProperty('reportTitle');
  });
});

describe('the export', () => {
  it('names the file after its title', () => {
    expect(docxFileName('热点营销策划', 'x')).toBe('热点营销策划.docx');
    expect(docxFileName(' a/b:c.docx ', 'x')).toBe('a_b_c.docx');
    expect(docxFileName('   ', '热点营销策划')).toBe('热点营销策划.docx');
    expect(docxFileName('a\nb', 'x')).toBe('a_b.docx');
  });

  it('rests for 60 seconds after an export', () => {
    expect(cooldownLeft(null, 5_000)).toBe(0);
    expect(cooldownLeft(1_000, 1_000)).toBe(60);
    expect(cooldownLeft(1_000, 1_999)).toBe(60);
    expect(cooldownLeft(1_000, 2_000)).toBe(59);
    expect(cooldownLeft(1_000, 60_999)).toBe(1);
    expect(cooldownLeft(1_000, 61_000)).toBe(0);
    expect(cooldownLeft(1_000, 500_000)).toBe(0);
  });
});
