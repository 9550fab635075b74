import { describe, expect, it } from 'vitest';
import { formatGrowth, formatHeat } from './heat';

describe('formatHeat', () => {
  it('counts in 万 and 亿 in Chinese', () => {
    expect(formatHeat(0, 'zh')).toBe('0');
    expect(formatHeat(9999, 'zh')).toBe('9999');
    expect(formatHeat(10000, 'zh')).toBe('1万');
    expect(formatHeat(12345, 'zh')).toBe('1.2万');
    expect(formatHeat(123456, 'zh')).toBe('12.3万');
    expect(formatHeat(123456789, 'zh')).toBe('1.2亿');
    expect(formatHeat(3_000_000_000, 'zh')).toBe('30亿');
  });

  it('counts in k, M and B in English', () => {
    expect(formatHeat(999, 'en')).toBe('999');
    expect(formatHeat(1000, 'en')).toBe('1k');
    expect(formatHeat(12345, 'en')).toBe('12.3k');
    expect(formatHeat(1_234_567, 'en')).toBe('1.2M');
    expect(formatHeat(2_500_000_000, 'en')).toBe('2.5B');
  });

  it('moves up a unit where rounding reaches it', () => {
    expect(formatHeat(99_999_600, 'zh')).toBe('1亿');
    expect(formatHeat(999_960, 'en')).toBe('1M');
    expect(formatHeat(9999.6, 'zh')).toBe('1万');
    expect(formatHeat(999.7, 'en')).toBe('1k');
  });

  it('rounds small heats (100000 / rank) to whole numbers and says a missing one', () => {
    expect(formatHeat(33333.33, 'zh')).toBe('3.3万');
    expect(formatHeat(714.28, 'zh')).toBe('714');
    expect(formatHeat(null, 'zh')).toBe('-');
    expect(formatHeat(Number.NaN, 'en')).toBe('-');
  });

  it('signs a growth', () => {
    expect(formatGrowth(4567, 'zh')).toBe('+4567');
    expect(formatGrowth(45678, 'zh')).toBe('+4.6万');
    expect(formatGrowth(-1500, 'en')).toBe('-1.5k');
    expect(formatGrowth(0, 'en')).toBe('0');
  });
});
