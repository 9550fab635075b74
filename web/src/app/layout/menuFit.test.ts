import { describe, expect, it } from 'vitest';
import { groupActive, groupsThatFit } from './menuFit';

describe('groupsThatFit', () => {
  const widths = [40, 60, 80, 50];

  it('keeps every group, and no "More", when all fit', () => {
    // 230 of entries and 3 gaps of 10.
    expect(groupsThatFit({ widths, available: 260, moreWidth: 50, gap: 10 })).toBe(4);
    expect(groupsThatFit({ widths, available: 1000, moreWidth: 50, gap: 10 })).toBe(4);
  });

  it('moves groups from the end into "More", leaving room for it', () => {
    // One pixel short for all four: three stay if "More" fits after them (180 + 30 + 40).
    expect(groupsThatFit({ widths, available: 259, moreWidth: 40, gap: 10 })).toBe(3);
    // A wider "More" (180 + 30 + 50) leaves room for two.
    expect(groupsThatFit({ widths, available: 259, moreWidth: 50, gap: 10 })).toBe(2);
    // Two and "More": 100 + 20 + 50.
    expect(groupsThatFit({ widths, available: 170, moreWidth: 50, gap: 10 })).toBe(2);
    expect(groupsThatFit({ widths, available: 169, moreWidth: 50, gap: 10 })).toBe(1);
  });

  it('puts everything into "More" when not even the first group fits beside it', () => {
    expect(groupsThatFit({ widths, available: 60, moreWidth: 50, gap: 10 })).toBe(0);
  });

  it('forgives sub-pixel rounding but not a real overflow', () => {
    expect(groupsThatFit({ widths: [40.3, 60.3], available: 110.4, moreWidth: 50, gap: 10 })).toBe(2);
    expect(groupsThatFit({ widths: [40.3, 60.3], available: 109, moreWidth: 50, gap: 10 })).toBe(1);
  });

  it('keeps the plain bar while the menu is not laid out (hidden, or jsdom)', () => {
    expect(groupsThatFit({ widths, available: 0, moreWidth: 50, gap: 10 })).toBe(4);
    expect(groupsThatFit({ widths: [], available: 100, moreWidth: 50, gap: 10 })).toBe(0);
  });
});

describe('groupActive', () => {
  const items = [{ path: '/hot-topic-list' }, { path: '/hot-word-list' }];

  it('matches an item exactly, as the menu links do', () => {
    expect(groupActive(items, '/hot-word-list')).toBe(true);
    expect(groupActive(items, '/hot-word-list/')).toBe(true);
    expect(groupActive(items, '/hot-words')).toBe(false);
    expect(groupActive(items, '/hot-topic-list/7')).toBe(false);
    expect(groupActive([{ path: '/' }], '/ai-cutout')).toBe(false);
  });
});
