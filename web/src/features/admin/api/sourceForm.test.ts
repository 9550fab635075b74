import { describe, expect, it } from 'vitest';
import { draftFromSource, emptyDraft, sourceBody, validateSource, type SourceDraft } from './sourceForm';

const draft = (over: Partial<SourceDraft> = {}): SourceDraft => ({
  ...emptyDraft(),
  name: '微博热搜',
  url: 'https://example.com/feed.xml',
  ...over,
});

const json = (mapping: Partial<SourceDraft['mapping']>): SourceDraft => {
  const d = draft({ format: 'json' });
  return { ...d, mapping: { ...d.mapping, ...mapping } };
};

describe('validateSource', () => {
  it('accepts a plain RSS source', () => {
    expect(validateSource(draft())).toEqual({});
    expect(validateSource(draft({ url: 'http://127.0.0.1:9/feed.xml', intervalMinutes: '5' }))).toEqual({});
    expect(validateSource(draft({ intervalMinutes: '1440' }))).toEqual({});
  });

  it('wants a name of 1–50 characters, counted as characters', () => {
    expect(validateSource(draft({ name: '   ' })).name).toBe('name');
    expect(validateSource(draft({ name: '热'.repeat(50) })).name).toBeUndefined();
    expect(validateSource(draft({ name: '热'.repeat(51) })).name).toBe('name');
    expect(validateSource(draft({ name: '😀'.repeat(50) })).name).toBeUndefined();
  });

  it('wants an http(s) URL', () => {
    for (const url of ['', 'example.com/feed', 'ftp://example.com/feed', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(validateSource(draft({ url })).url, url).toBe('url');
    }
  });

  it('wants a whole number of minutes from 5 to 1440', () => {
    for (const intervalMinutes of ['', '4', '1441', '60.5', '-10', 'abc']) {
      expect(validateSource(draft({ intervalMinutes })).intervalMinutes, intervalMinutes).toBe('interval');
    }
  });

  it('for json, wants items and title, and every pointer to start with /', () => {
    expect(validateSource(json({}))).toEqual({ 'mapping.items': 'required', 'mapping.title': 'required' });
    expect(validateSource(json({ items: '/data/list', title: '/word' }))).toEqual({});
    expect(validateSource(json({ items: 'data/list', title: '/word', heat: 'hot' }))).toEqual({
      'mapping.items': 'pointer',
      'mapping.heat': 'pointer',
    });
  });

  it('ignores the mapping of an RSS source', () => {
    expect(validateSource({ ...draft(), mapping: { ...draft().mapping, items: 'bad' } })).toEqual({});
  });
});

describe('sourceBody', () => {
  it('trims, sends the interval as a number, and the mapping only for json with its filled pointers', () => {
    expect(sourceBody(draft({ name: ' a ', intervalMinutes: ' 30 ' }))).toEqual({
      name: 'a',
      format: 'rss',
      url: 'https://example.com/feed.xml',
      platform: 'weibo',
      kind: 'topic',
      intervalMinutes: 30,
      enabled: true,
    });
    expect(sourceBody(json({ items: '/data/list', title: '/word', heat: ' /hot ' })).mapping).toEqual({
      items: '/data/list',
      title: '/word',
      heat: '/hot',
    });
  });

  it('round-trips a source through the form', () => {
    const source = {
      id: 's1',
      ...sourceBody(json({ items: '/list', title: '/t' })),
      lastItemCount: 0,
      nextFetchAt: 0,
      createdAt: 0,
    };
    expect(sourceBody(draftFromSource(source))).toEqual(sourceBody(json({ items: '/list', title: '/t' })));
  });
});
