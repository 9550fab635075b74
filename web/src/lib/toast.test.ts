import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, dismissToast, getToast, toast } from './toast';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows one message at a time', () => {
    toast.info('first');
    toast.error('second');
    expect(getToast()).toMatchObject({ type: 'error', message: 'second' });
  });

  it('hides after 3000 ms', () => {
    vi.useFakeTimers();
    toast.success('done');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToast()?.message).toBe('done');
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('a replaced toast does not cut the next one short', () => {
    vi.useFakeTimers();
    toast.warning('a');
    vi.advanceTimersByTime(2000);
    toast.loading('b');
    vi.advanceTimersByTime(2000);
    expect(getToast()?.message).toBe('b');
  });
});
