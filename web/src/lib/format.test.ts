import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('writes the date the way the app language does', () => {
    const d = new Date(2026, 10, 21, 9, 5);
    expect(formatDate(d, 'zh')).toBe('2026年11月21日');
    expect(formatDate(d, 'en')).toBe('Nov 21, 2026');
    expect(formatDate(d.toISOString(), 'zh')).toBe('2026年11月21日');
  });

  it('adds the time of day where asked', () => {
    const d = new Date(2026, 0, 5, 9, 5);
    expect(formatDateTime(d, 'zh')).toBe('2026年1月5日 09:05');
    expect(formatDateTime(d, 'en')).toMatch(/^Jan 5, 2026,? 9:05\sAM$/);
  });

  it('is empty for missing or bad values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
