import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, consumeTokenFromUrl, getToken, setToken } from './session';

afterEach(() => {
  setToken(null);
  window.history.replaceState(null, '', '/');
});

describe('token from the address', () => {
  it('is stored under USER_TOKEN and removed from the URL', () => {
    window.history.replaceState(null, '', '/ai-cutout?token=abc.def&x=1#top');
    expect(consumeTokenFromUrl()).toBe(true);
    expect(getToken()).toBe('abc.def');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc.def');
    expect(window.location.pathname).toBe('/ai-cutout');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
  });

  it('does nothing without one', () => {
    window.history.replaceState(null, '', '/?a=b');
    expect(consumeTokenFromUrl()).toBe(false);
    expect(getToken()).toBeNull();
    expect(window.location.search).toBe('?a=b');
  });
});
