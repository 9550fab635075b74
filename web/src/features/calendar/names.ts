import type { Lang } from '../../lib/i18n';
import type { CalendarEntry } from './api/calendar';

/** An entry's name in the UI language (the Chinese one where the English is missing). */
export function entryName(entry: CalendarEntry, lang: Lang): string {
  return lang === 'en' && entry.nameEn ? entry.nameEn : entry.name;
}

export function entryDescription(entry: CalendarEntry, lang: Lang): string | null {
  const text = lang === 'en' && entry.descriptionEn ? entry.descriptionEn : entry.description;
  return text || null;
}

/**
 * What a day cell shows of its lunar date: the day (初二, 十五, 廿三…), or
 * the month (正月, 闰六月…) on its first day, as printed calendars do.
 * Lunar days are always two characters.
 */
export function lunarLabel(lunarDate: string): string {
  if (lunarDate.length <= 2) return lunarDate;
  const day = lunarDate.slice(-2);
  return day === '初一' ? lunarDate.slice(0, -2) : day;
}

/**
 * "用它做营销": the idea report page with the entry as its topic (the ideas
 * page reads `topic`, `topicDesc` and `source=CALENDAR`).
 */
export function ideaLink(entry: CalendarEntry, lang: Lang): string {
  const p = new URLSearchParams({ topic: entryName(entry, lang) });
  const desc = entryDescription(entry, lang);
  if (desc) p.set('topicDesc', desc);
  p.set('source', 'CALENDAR');
  return `/mott-idea?${p.toString()}`;
}

/** "写内容": the content page with the entry as its topic, on its day. */
export function contentLink(entry: CalendarEntry, date: string, lang: Lang): string {
  const p = new URLSearchParams({ source: 'calendar', topic: entryName(entry, lang), date });
  return `/mott-content?${p.toString()}`;
}
