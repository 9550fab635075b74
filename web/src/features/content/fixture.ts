/** Content batches as the API sends them: for unit tests only. */
import type { ContentBatch, ContentDefaults, ContentItem, Platform } from './api/content';

export const DEFAULTS: ContentDefaults = {
  pricePerPlatform: 5,
  maxPlatforms: 4,
  platforms: ['redbook', 'weibo'],
  ideaStyle: 'humorous',
  maxImages: 9,
  textLimits: [
    { platform: 'redbook', titleMax: 20, contentMax: 1000 },
    { platform: 'weibo', titleMax: null, contentMax: 500 },
    { platform: 'tiktok', titleMax: 20, contentMax: 1300 },
    { platform: 'wechat', titleMax: 30, contentMax: 2300 },
  ],
};

export function item(platform: Platform, over: Partial<ContentItem> = {}): ContentItem {
  return {
    id: `i-${platform}`,
    platform,
    status: 'generating',
    result: 'loading',
    title: null,
    content: null,
    tags: [],
    images: [],
    genImages: [],
    currentTaskId: `t-${platform}`,
    errorCode: null,
    edited: false,
    rating: null,
    updatedAt: Date.parse('2026-11-27T09:00:00Z'),
    ...over,
  };
}

/** `i` written. */
export function done(i: ContentItem, over: Partial<ContentItem> = {}): ContentItem {
  return {
    ...i,
    status: 'completed',
    result: 'success',
    title: i.platform === 'weibo' ? null : `${i.platform}标题`,
    content: `${i.platform}正文\n第二段`,
    tags: ['中秋', '奶茶'],
    currentTaskId: null,
    ...over,
  };
}

export function batch(over: Partial<ContentBatch> = {}): ContentBatch {
  return {
    id: 'b1',
    source: 'custom',
    hotspotId: null,
    reportId: null,
    topic: '中秋节',
    topicDesc: '',
    productName: '桂花乌龙奶茶',
    productInfo: '',
    ideaStyle: 'humorous',
    language: 'zh',
    loading: true,
    items: [item('redbook'), item('weibo')],
    picturesPending: false,
    createdAt: Date.parse('2026-11-27T09:00:00Z'),
    ...over,
  };
}

/** `b` with every item written. */
export function completed(b: ContentBatch = batch()): ContentBatch {
  return { ...b, loading: false, items: b.items.map((i) => done(i)) };
}
