import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, adoptUrlToken, getToken, setToken, takeTokenFromUrl } from './session';

afterEach(() => {
  setToken(null);
  window.history.replaceState(null, '', '/');
});

describe('token from the address', () => {
  it('leaves the URL at once and is not stored by itself', () => {
    window.history.replaceState(null, '', '/ai-cutout?token=abc.def&x=1#top');
    expect(takeTokenFromUrl()).toBe('abc.def');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/ai-cutout');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
  });

  it('is stored under USER_TOKEN only where the brand allows it', () => {
    expect(adoptUrlToken('abc.def', false)).toBe(false);
    expect(getToken()).toBeNull();
    expect(adoptUrlToken('abc.def', true)).toBe(true);
    expect(getToken()).toBe('abc.def');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc.def');
  });

  it('does nothing without one', () => {
    window.history.replaceState(null, '', '/?a=b');
    expect(takeTokenFromUrl()).toBeNull();
    expect(getToken()).toBeNull();
    expect(window.location.search).toBe('?a=b');
  });
});
