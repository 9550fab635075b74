import { describe, expect, it } from 'vitest';
import { trendPoints } from './TrendLine';

describe('trendPoints', () => {
  it('spreads the observations over the width, the highest heat at the top', () => {
    const pts = trendPoints(
      [
        { at: 1, heat: 10 },
        { at: 2, heat: 30 },
        { at: 3, heat: 20 },
      ],
      108,
      58,
    );
    expect(pts).toBe('4.0,54.0 54.0,4.0 104.0,29.0');
  });

  it('draws a flat history level and nothing for none', () => {
    expect(trendPoints([{ at: 1, heat: 5 }, { at: 2, heat: 5 }], 108, 58)).toBe('4.0,29.0 104.0,29.0');
    expect(trendPoints([])).toBe('');
  });
});
