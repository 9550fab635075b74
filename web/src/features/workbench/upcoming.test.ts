import { describe, expect, it } from 'vitest';
import type { components } from '../../lib/api/schema';
import { localDay, monthsToLoad, upcomingDays } from './upcoming';

type CalendarMonth = components['schemas']['CalendarMonth'];
type CalendarDay = components['schemas']['CalendarDay'];

const day = (date: string, names: string[] = []): CalendarDay => ({
  day: Number(date.slice(8)),
  date,
  lunarDate: '初一',
  entries: names.map((name) => ({ kind: 'festival', name, nameEn: name })),
});
const month = (year: number, m: number, days: CalendarDay[]): CalendarMonth => ({ year, month: m, list: days });

describe('next 30 days', () => {
  it('loads this month and the next, across a year end', () => {
    expect(monthsToLoad('2026-12-20')).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    expect(monthsToLoad('2026-02-01')).toEqual([
      { year: 2026, month: 2 },
      { year: 2026, month: 3 },
    ]);
  });

  it('picks the days with entries from today through the 30th day, across the month boundary, in order', () => {
    const dec = month(2026, 12, [day('2026-12-01', ['过去']), day('2026-12-19', ['昨天']), day('2026-12-20', ['今天']), day('2026-12-21'), day('2026-12-25', ['圣诞节'])]);
    const jan = month(2027, 1, [day('2027-01-01', ['元旦']), day('2027-01-18', ['第30天']), day('2027-01-19', ['第31天'])]);
    // The order the months arrive in does not matter.
    const days = upcomingDays([jan, dec], '2026-12-20');
    expect(days.map((d) => [d.date, d.daysAway, d.entries[0]?.name])).toEqual([
      ['2026-12-20', 0, '今天'],
      ['2026-12-25', 5, '圣诞节'],
      ['2027-01-01', 12, '元旦'],
      ['2027-01-18', 29, '第30天'],
    ]);
  });

  it('reads today in local time', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
