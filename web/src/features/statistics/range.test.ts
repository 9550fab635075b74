import { describe, expect, it } from 'vitest';
import { addDays, MAX_RANGE_DAYS, presetOf, presetRange, rangeDays, rangeError, utcDay } from './range';

describe('statistics range', () => {
  it('presets are the last 7, 30 and 90 days, today included, across month and year ends', () => {
    expect(presetRange(7, '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange(90, '2026-01-15')).toEqual({ from: '2025-10-18', to: '2026-01-15' });
    for (const p of [7, 30, 90] as const) expect(rangeDays(presetRange(p, '2026-11-27'))).toBe(p);
  });

  it('knows which preset a range is', () => {
    expect(presetOf({ from: '2026-10-29', to: '2026-11-27' }, '2026-11-27')).toBe(30);
    expect(presetOf({ from: '2026-10-29', to: '2026-11-26' }, '2026-11-27')).toBeNull();
  });

  it('takes UTC days', () => {
    expect(utcDay(new Date('2026-11-27T23:30:00-08:00'))).toBe('2026-11-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('validates a custom range: both ends, real days, in order, at most 366 days', () => {
    expect(rangeError({ from: '', to: '2026-11-27' })).toBe('stats.range.required');
    expect(rangeError({ from: '2026-02-30', to: '2026-03-02' })).toBe('stats.range.invalid');
    expect(rangeError({ from: '2026/01/01', to: '2026-03-02' })).toBe('stats.range.invalid');
    expect(rangeError({ from: '2026-11-28', to: '2026-11-27' })).toBe('stats.range.order');
    expect(rangeError({ from: '2026-11-27', to: '2026-11-27' })).toBeNull();
    const longest = { from: addDays('2026-11-27', -(MAX_RANGE_DAYS - 1)), to: '2026-11-27' };
    expect(rangeDays(longest)).toBe(366);
    expect(rangeError(longest)).toBeNull();
    expect(rangeError({ ...longest, from: addDays(longest.from, -1) })).toBe('stats.range.tooLong');
  });
});
