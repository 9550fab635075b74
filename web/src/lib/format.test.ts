import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('formats as YYYY/MM/DD', () => {
    expect(formatDate(new Date(2024, 0, 5, 13, 4))).toBe('2024/01/05');
    expect(formatDate(new Date(2024, 11, 31).toISOString())).toBe('2024/12/31');
  });
  it('is empty for missing or bad values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
