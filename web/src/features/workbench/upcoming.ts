/**
 * The workbench's "next 30 days" of marketing dates: the calendar answers a
 * month at a time, so this month and the next are asked for and the days
 * from today on are picked out of both.
 */
import type { components } from '../../lib/api/schema';

type CalendarMonth = components['schemas']['CalendarMonth'];
type CalendarEntry = components['schemas']['CalendarEntry'];

export const UPCOMING_DAYS = 30;

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export interface UpcomingDay {
  date: string;
  /** 0 today, 1 tomorrow… */
  daysAway: number;
  lunarDate: string;
  entries: CalendarEntry[];
}

/** The local day of `now` as YYYY-MM-DD: the calendar's days are the merchant's days. */
export function localDay(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The month of `today` and the one after (30 days never reach a third month). */
export function monthsToLoad(today: string): [YearMonth, YearMonth] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return [{ year, month }, next];
}

/** The days with entries from today through the 30th day, in order, from the months given (in any order). */
export function upcomingDays(months: readonly CalendarMonth[], today: string, days = UPCOMING_DAYS): UpcomingDay[] {
  const start = dayNumber(today);
  const seen = new Set<string>();
  const out: UpcomingDay[] = [];
  for (const day of months.flatMap((m) => m.list)) {
    const away = dayNumber(day.date) - start;
    if (away < 0 || away >= days || day.entries.length === 0 || seen.has(day.date)) continue;
    seen.add(day.date);
    out.push({ date: day.date, daysAway: away, lunarDate: day.lunarDate, entries: day.entries });
  }
  return out.sort((a, b) => a.daysAway - b.daysAway);
}
