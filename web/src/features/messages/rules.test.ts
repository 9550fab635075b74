import { describe, expect, it } from 'vitest';
import { MESSAGE_PAGE_SIZE, opensInNewTab, unreadBadge } from './rules';

describe('message rules', () => {
  it('badge: nothing at 0, the count up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(undefined)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
  it('link messages open in a new tab, others in the detail modal', () => {
    expect(opensInNewTab('link')).toBe(true);
    expect(opensInNewTab('text')).toBe(false);
    expect(opensInNewTab('html')).toBe(false);
    expect(MESSAGE_PAGE_SIZE).toBe(100);
  });
});
