import { describe, expect, it } from 'vitest';
import { calendarMonth, entry } from './fixture';
import { agendaDays, isoDate, mondayIndex, monthWeeks, shiftMonth } from './grid';

const dayNumbers = (weeks: ReturnType<typeof monthWeeks>) => weeks.map((w) => w.map((c) => c?.day ?? 0));

describe('monthWeeks', () => {
  it('starts weeks on Monday, with blanks before the 1st and after the last day', () => {
    // 2026-02-01 is a Sunday: six blanks, then 28 days, then one blank.
    const weeks = monthWeeks(calendarMonth(2026, 2).list);
    expect(dayNumbers(weeks)).toEqual([
      [0, 0, 0, 0, 0, 0, 1],
      [2, 3, 4, 5, 6, 7, 8],
      [9, 10, 11, 12, 13, 14, 15],
      [16, 17, 18, 19, 20, 21, 22],
      [23, 24, 25, 26, 27, 28, 0],
    ]);
  });

  it('has no leading blank for a month that starts on a Monday, and fills the last week', () => {
    // 2026-06-01 is a Monday; June ends on a Tuesday.
    const weeks = monthWeeks(calendarMonth(2026, 6).list);
    expect(weeks[0]?.[0]?.day).toBe(1);
    expect(dayNumbers(weeks).at(-1)).toEqual([29, 30, 0, 0, 0, 0, 0]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('needs six weeks for a 31-day month that starts on a Sunday', () => {
    // 2026-03-01 is a Sunday.
    const weeks = monthWeeks(calendarMonth(2026, 3).list);
    expect(weeks).toHaveLength(6);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('has no weeks without days', () => {
    expect(monthWeeks([])).toEqual([]);
  });

  it('keeps the days themselves in the cells', () => {
    const month = calendarMonth(2026, 2);
    expect(monthWeeks(month.list)[0]?.[6]).toBe(month.list[0]);
  });
});

describe('month helpers', () => {
  it('reads a date’s weekday, Monday first, whatever the time zone', () => {
    expect(mondayIndex('2026-02-16')).toBe(0);
    expect(mondayIndex('2026-02-17')).toBe(1);
    expect(mondayIndex('2026-02-22')).toBe(6);
  });

  it('moves across years', () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2025, 12, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth(2026, 2, 13)).toEqual({ year: 2027, month: 3 });
  });

  it('writes a local date as the API does', () => {
    expect(isoDate(new Date(2026, 1, 7))).toBe('2026-02-07');
  });

  it('lists on the agenda only the days with an entry or a 休/班 mark', () => {
    const month = calendarMonth(2026, 2, {
      3: { entries: [entry('solar_term', '立春', 'Start of Spring')] },
      14: { holiday: { name: '春节', off: false } },
    });
    expect(agendaDays(month.list).map((d) => d.day)).toEqual([3, 14]);
  });
});
