import { describe, expect, it } from 'vitest';
import { entry } from './fixture';
import { entryDescription, entryName, ideaLink, lunarLabel } from './names';

describe('names', () => {
  const spring = entry('festival', '春节', 'Spring Festival', '新春团圆', 'Family reunions');

  it('shows the Chinese name and description in zh, the English ones in en', () => {
    expect(entryName(spring, 'zh')).toBe('春节');
    expect(entryName(spring, 'en')).toBe('Spring Festival');
    expect(entryDescription(spring, 'zh')).toBe('新春团圆');
    expect(entryDescription(spring, 'en')).toBe('Family reunions');
  });

  it('falls back to the Chinese where the English is missing, and has no description without one', () => {
    const node = { ...entry('platform_node', '双11', ''), description: '全年最大促销' };
    expect(entryName(node, 'en')).toBe('双11');
    expect(entryDescription(node, 'en')).toBe('全年最大促销');
    expect(entryDescription(entry('solar_term', '雨水', 'Rain Water'), 'zh')).toBeNull();
  });

  it('shows the lunar day, or the lunar month on its first day', () => {
    expect(lunarLabel('正月初一')).toBe('正月');
    expect(lunarLabel('正月初二')).toBe('初二');
    expect(lunarLabel('闰六月初一')).toBe('闰六月');
    expect(lunarLabel('闰六月十五')).toBe('十五');
    expect(lunarLabel('腊月三十')).toBe('三十');
  });

  it('links an entry to the idea report page as a calendar topic, in the UI language', () => {
    expect(ideaLink(spring, 'zh')).toBe(`/mott-idea?topic=${encodeURIComponent('春节')}&topicDesc=${encodeURIComponent('新春团圆')}&source=CALENDAR`);
    expect(ideaLink(spring, 'en')).toBe('/mott-idea?topic=Spring+Festival&topicDesc=Family+reunions&source=CALENDAR');
    expect(ideaLink(entry('solar_term', '雨水', 'Rain Water'), 'zh')).toBe(`/mott-idea?topic=${encodeURIComponent('雨水')}&source=CALENDAR`);
  });
});
