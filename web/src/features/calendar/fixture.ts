/** A month as GET /api/calendar answers it, for the tests. */
import type { CalendarDay, CalendarEntry, CalendarKind, CalendarMonth } from './api/calendar';

const LUNAR_DAYS = ['初一', '初二', '初三', '初四', '初五', '初六', '初七', '初八', '初九', '初十'];

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Every day of the month (lunar dates made up unless given), with `extra` merged into the days it names. */
export function calendarMonth(year: number, month: number, extra: Record<number, Partial<CalendarDay>> = {}): CalendarMonth {
  const list: CalendarDay[] = [];
  for (let day = 1; day <= daysIn(year, month); day++) {
    list.push({
      day,
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      lunarDate: `腊月${LUNAR_DAYS[day % 10]}`,
      entries: [],
      ...extra[day],
    });
  }
  return { year, month, list };
}

export function entry(kind: CalendarKind, name: string, nameEn: string, description?: string, descriptionEn?: string): CalendarEntry {
  return { kind, name, nameEn, ...(description ? { description, descriptionEn } : {}) };
}

/** February 2026 as the real calendar has it: 春节 on the 17th (off), 14th a make-up working day, 雨水 on the 18th. */
export function february2026(types: readonly CalendarKind[] = ['festival', 'solar_term', 'platform_node'], desc = true): CalendarMonth {
  const keep = (e: CalendarEntry) => types.includes(e.kind);
  const strip = (e: CalendarEntry): CalendarEntry => (desc ? e : { kind: e.kind, name: e.name, nameEn: e.nameEn });
  const days: Record<number, Partial<CalendarDay>> = {
    4: { lunarDate: '腊月十七', entries: [entry('solar_term', '立春', 'Start of Spring')] },
    14: {
      lunarDate: '腊月廿七',
      holiday: { name: '春节', off: false },
      entries: [entry('festival', '情人节', "Valentine's Day", '适合礼物与约会主题', 'Gifts and dates')],
    },
    15: { lunarDate: '腊月廿八', holiday: { name: '春节', off: true }, entries: [] },
    16: { lunarDate: '腊月廿九', holiday: { name: '春节', off: true }, entries: [entry('festival', '除夕', "Chinese New Year's Eve")] },
    17: {
      lunarDate: '正月初一',
      holiday: { name: '春节', off: true },
      entries: [
        entry('festival', '春节', 'Spring Festival', '新春团圆，年货与拜年内容', 'Reunions, new-year goods and greetings'),
        entry('platform_node', '年货节', 'New Year Shopping Festival'),
      ],
    },
    18: { lunarDate: '正月初二', holiday: { name: '春节', off: true }, entries: [entry('solar_term', '雨水', 'Rain Water')] },
  };
  const filtered = Object.fromEntries(
    Object.entries(days).map(([d, v]) => [d, { ...v, entries: (v.entries ?? []).filter(keep).map(strip) }]),
  );
  return calendarMonth(2026, 2, filtered);
}
