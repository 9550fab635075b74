import { describe, expect, it } from 'vitest';
import { hotspotListQuery, nextPageNum, type Hotspot, type HotspotPage } from './api/hotspots';
import { defaultFilters, HOT_TABS, LIST_SPECS, tabList, toHotspotQuery, type HotTab } from './query';

const all = defaultFilters();
const weibo6 = { platform: 'weibo', windowHours: 6, keyword: ' 奶茶 ' } as const;
const query = (tab: HotTab, mode: 'rising' | 'ranking' | 'words' = 'rising', f = all) => {
  const list = tabList(tab, mode);
  return list && hotspotListQuery(toHotspotQuery(LIST_SPECS[list], f), 1, 10);
};

describe('tab → query', () => {
  it('the hot tab: feed topics, rising or ranking, in the window; the hot words have no list', () => {
    expect(query('hot', 'rising')).toEqual({ pageNum: 1, pageSize: 10, sort: 'rising', kind: 'topic', origin: 'feed', windowHours: 24 });
    expect(query('hot', 'ranking', weibo6)).toEqual({
      pageNum: 1,
      pageSize: 10,
      sort: 'ranking',
      kind: 'topic',
      origin: 'feed',
      platform: 'weibo',
      windowHours: 6,
      keyword: '奶茶',
    });
    expect(tabList('hot', 'words')).toBeNull();
  });

  it('the other tabs', () => {
    expect(tabList('CALENDAR', 'rising')).toBeNull();
    expect(query('POPULAR')).toMatchObject({ sort: 'ranking', kind: 'note,video', windowHours: 24 });
    expect(query('POPULAR')?.origin).toBeUndefined();
    expect(query('POPULAR_IMAGE', 'rising', weibo6)).toMatchObject({ kind: 'image', platform: 'weibo', windowHours: 6 });
    expect(LIST_SPECS[tabList('POPULAR_IMAGE', 'rising') ?? 'rising']).toHaveProperty('grid', true);
    expect(query('IMPORT', 'rising', weibo6)).toEqual({ pageNum: 1, pageSize: 10, sort: 'latest', origin: 'import', platform: 'weibo', keyword: '奶茶' });
    // The user's own saves: no platform or window (a save has neither).
    expect(query('CUSTOM', 'rising', weibo6)).toEqual({ pageNum: 1, pageSize: 10, sort: 'latest', origin: 'custom', keyword: '奶茶' });
    // Every tab but the calendar lists something (the hot tab unless on its words).
    expect(HOT_TABS.filter((t) => tabList(t, 'rising') === null)).toEqual(['CALENDAR']);
  });

  it('the single-list pages', () => {
    expect(hotspotListQuery(toHotspotQuery(LIST_SPECS.notes, all), 2, 10)).toMatchObject({ pageNum: 2, kind: 'note' });
    expect(hotspotListQuery(toHotspotQuery(LIST_SPECS.videos, all), 1, 10)).toMatchObject({ kind: 'video' });
    expect(toHotspotQuery(LIST_SPECS.rising, defaultFilters(6))).toEqual({ sort: 'rising', kinds: ['topic'], origin: 'feed', windowHours: 6 });
  });
});

const hotspot = (n: number): Hotspot => ({
  id: `h-${n}`,
  title: `热点 ${n}`,
  summary: '',
  sourceName: '',
  growth: 0,
  mentions: 0,
  kind: 'topic',
  platform: 'weibo',
  origin: 'feed',
  heat: 1000,
  firstSeenAt: 0,
  lastSeenAt: 0,
  mine: false,
});
const page = (from: number, count: number, total: number): HotspotPage => ({
  list: Array.from({ length: count }, (_, i) => hotspot(from + i)),
  total,
});

describe('paging', () => {
  it('asks for the next page while fewer than the total are loaded', () => {
    expect(nextPageNum([page(1, 10, 25)])).toBe(2);
    expect(nextPageNum([page(1, 10, 25), page(11, 10, 25)])).toBe(3);
    expect(nextPageNum([page(1, 10, 25), page(11, 10, 25), page(21, 5, 25)])).toBeUndefined();
    expect(nextPageNum([page(1, 10, 10)])).toBeUndefined();
  });

  it('stops on an empty page (the total shrank meanwhile)', () => {
    expect(nextPageNum([page(1, 10, 30), page(0, 0, 30)])).toBeUndefined();
    expect(nextPageNum([])).toBeUndefined();
  });
});
