import { describe, expect, it } from 'vitest';
import { formatCount, formatRate, platformKey, successRate } from './figures';

describe('statistics figures', () => {
  it('success rate and percentages', () => {
    expect(successRate({ generations: 12, succeeded: 10 })).toBeCloseTo(0.8333);
    expect(successRate({ generations: 0, succeeded: 0 })).toBeNull();
    expect(formatRate(10 / 12)).toBe('83.3%');
    expect(formatRate(0.75)).toBe('75%');
    expect(formatRate(null)).toBe('—');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('names the four platforms and calls anything else other', () => {
    expect(platformKey('redbook')).toBe('hot.platform.redbook');
    expect(platformKey('tiktok')).toBe('hot.platform.tiktok');
    expect(platformKey('myspace')).toBe('hot.platform.other');
  });
});
