/**
 * The statistics page's date range: presets of the last 7, 30 or 90 days
 * and a custom from–to. Days are UTC days, as the API counts them.
 */
import type { MessageKey } from '../../lib/i18n';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** The API refuses a longer range. */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_PRESET: RangePreset = 30;

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of `now` as YYYY-MM-DD. */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Milliseconds of a YYYY-MM-DD at UTC midnight, or NaN when it is no real day (2026-02-30). */
function dayMs(day: string): number {
  if (!ISO_DAY.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? Number.NaN : ms;
}

export function addDays(day: string, n: number): string {
  return new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days, today included. */
export function presetRange(days: RangePreset, today: string = utcDay()): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** How many days a range covers, both ends included. */
export function rangeDays(r: DateRange): number {
  return Math.round((dayMs(r.to) - dayMs(r.from)) / DAY_MS) + 1;
}

/** The preset a range is, if any (the buttons show it pressed). */
export function presetOf(r: DateRange, today: string = utcDay()): RangePreset | null {
  return RANGE_PRESETS.find((p) => {
    const x = presetRange(p, today);
    return x.from === r.from && x.to === r.to;
  }) ?? null;
}

/** What is wrong with a custom range, as an i18n key; null when the API would take it. */
export function rangeError(r: DateRange): MessageKey | null {
  if (!r.from || !r.to) return 'stats.range.required';
  if (Number.isNaN(dayMs(r.from)) || Number.isNaN(dayMs(r.to))) return 'stats.range.invalid';
  if (r.from > r.to) return 'stats.range.order';
  if (rangeDays(r) > MAX_RANGE_DAYS) return 'stats.range.tooLong';
  return null;
}
