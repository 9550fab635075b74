import type { CalendarDay } from './api/calendar';

/** A cell of the month grid: a day, or a blank before the 1st or after the last day. */
export type GridCell = CalendarDay | null;

/** Monday 0 … Sunday 6 of a YYYY-MM-DD date (read as UTC, so the browser's zone cannot shift it). */
export function mondayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const sunday0 = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return (sunday0 + 6) % 7;
}

/**
 * The month's days as weeks of seven cells, weeks starting on Monday (as
 * Chinese calendars do), with blanks before the 1st and after the last day.
 */
export function monthWeeks(days: readonly CalendarDay[]): GridCell[][] {
  const first = days[0];
  if (!first) return [];
  const cells: GridCell[] = [...Array<null>(mondayIndex(first.date)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: GridCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The days worth listing on a phone: those with an entry or a 休/班 mark. */
export function agendaDays(days: readonly CalendarDay[]): CalendarDay[] {
  return days.filter((d) => d.entries.length > 0 || !!d.holiday);
}

/** The month `delta` months away (months 1–12). */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A local date as YYYY-MM-DD (the API's `date`), to find today's cell. */
export function isoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
