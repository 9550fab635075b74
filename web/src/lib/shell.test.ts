import { afterEach, describe, expect, it, vi } from 'vitest';
import { basePath } from '../../vite.config';
import { basename } from '../app/router';
import { DEFAULT_CONFIG, getStoredBrand, normalizeConfig, rememberBrand } from './config';
import { daysLeft, expiryReminderDue, markReminded, reminderStorageKey } from './membershipReminder';
import { RETENTION_DAYS, retentionDays } from './retention';
import { backButtonVisible, headerVisible, parseStartup } from './startup';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_THROTTLE_MS, throttle, updateViewportHeight } from './viewport';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 10, 12);

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('membership reminder', () => {
  const user = { userId: 7, productType: 'professional', endTime: new Date(NOW + 2 * DAY).toISOString() };

  it('is due for a non-free plan ending within 0 to 3 days', () => {
    expect(expiryReminderDue(user, NOW, localStorage)).toBe(2);
    expect(expiryReminderDue({ ...user, endTime: new Date(NOW + 3 * DAY).toISOString() }, NOW, localStorage)).toBe(3);
    expect(expiryReminderDue({ ...user, endTime: new Date(NOW + 1000).toISOString() }, NOW, localStorage)).toBe(1);
  });

  it('is not due for free plans, far or past end times, no end time or no user', () => {
    expect(expiryReminderDue({ ...user, productType: 'free' }, NOW, localStorage)).toBeNull();
    expect(expiryReminderDue({ ...user, endTime: new Date(NOW + 5 * DAY).toISOString() }, NOW, localStorage)).toBeNull();
    expect(expiryReminderDue({ ...user, endTime: new Date(NOW - 2 * DAY).toISOString() }, NOW, localStorage)).toBeNull();
    expect(expiryReminderDue({ ...user, endTime: null }, NOW, localStorage)).toBeNull();
    expect(expiryReminderDue({ ...user, endTime: 'garbage' }, NOW, localStorage)).toBeNull();
    expect(expiryReminderDue({ ...user, userId: null }, NOW, localStorage)).toBeNull();
  });

  it('shows once per user and plan period (localStorage)', () => {
    markReminded(user.userId, user.endTime, localStorage);
    expect(localStorage.getItem(reminderStorageKey(7, user.endTime))).toBe('1');
    expect(expiryReminderDue(user, NOW, localStorage)).toBeNull();
    const renewed = { ...user, endTime: new Date(NOW + DAY).toISOString() };
    expect(expiryReminderDue(renewed, NOW, localStorage)).toBe(1);
  });

  it('counts whole days up', () => {
    expect(daysLeft(NOW + 0.5 * DAY, NOW)).toBe(1);
    expect(daysLeft(NOW, NOW)).toBe(0);
  });
});

describe('retention', () => {
  it('follows the original app per tier; unknown tiers count as free', () => {
    expect(RETENTION_DAYS).toEqual({ free: 7, basic: 30, professional: 100, premium: 100, flagship: 365, enterprise: 365 });
    expect(retentionDays('flagship')).toBe(365);
    expect(retentionDays(undefined)).toBe(7);
    expect(retentionDays('gold')).toBe(7);
  });
});

describe('startup parameters', () => {
  it('reads referrer, channel, headHidden, hideBack and the host modes', () => {
    const p = parseStartup('?referrer=partner-x&channel=wx&headHidden=1&hideBack=true', 'app.example.com');
    expect(p).toMatchObject({ referrer: 'partner-x', channel: 'wx', headHidden: true, hideBack: true, miniProgram: true, partnerHost: false });
    expect(headerVisible(p)).toBe(false);
    expect(backButtonVisible(p)).toBe(false);
    const plain = parseStartup('', 'app.example.com');
    expect(plain.miniProgram).toBe(false);
    expect(headerVisible(plain)).toBe(true);
    expect(backButtonVisible(plain)).toBe(true);
    expect(parseStartup('', 'shop.miniprogram.example.com').miniProgram).toBe(true);
    expect(parseStartup('?headHidden=0', 'x').headHidden).toBe(false);
  });

  it('keeps earlier values when a later address lacks them', () => {
    const first = parseStartup('?referrer=partner-x&headHidden=1', 'x');
    const later = parseStartup('', 'x', first);
    expect(later.referrer).toBe('partner-x');
    expect(later.headHidden).toBe(true);
  });
});

describe('brand configuration', () => {
  it('keeps ?brand= in sessionStorage for the visit', () => {
    expect(getStoredBrand()).toBeNull();
    expect(rememberBrand('?brand=modi-demo')).toBe('modi-demo');
    expect(sessionStorage.getItem('PIXMART_BRAND')).toBe('modi-demo');
    expect(rememberBrand('')).toBe('modi-demo');
  });

  it('fills what an answer leaves out; defaults to the #2352d8 primary colour', () => {
    expect(normalizeConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG.brand.primaryColor).toBe('#2352d8');
    const c = normalizeConfig({ brand: { id: 'm', name: 'M', primaryColor: 'red' } as never, flags: {} as never });
    expect(c.brand.primaryColor).toBe('#2352d8');
    expect(c.flags.customizedImage).toBe(false);
    expect(normalizeConfig({ brand: { primaryColor: '#0f9d58' } as never }).brand.primaryColor).toBe('#0f9d58');
  });
});

describe('viewport and scrolling', () => {
  it("uses the original app's threshold and throttle", () => {
    expect(BACK_TO_TOP_THRESHOLD_PX).toBe(936);
    expect(SCROLL_THROTTLE_MS).toBe(200);
  });

  it('throttles to one call per window with a trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const th = throttle(fn, 200);
    th(1);
    th(2);
    th(3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('recomputes the page height unit', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    expect(updateViewportHeight()).toBe(8);
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('8px');
  });
});

describe('base path', () => {
  it('defaults to / and normalises slashes', () => {
    expect(basePath(undefined)).toBe('/');
    expect(basePath('')).toBe('/');
    expect(basePath('pixmart')).toBe('/pixmart/');
    expect(basePath('/pixmart/')).toBe('/pixmart/');
    expect(basename('/')).toBe('/');
    expect(basename('/pixmart/')).toBe('/pixmart');
  });
});
