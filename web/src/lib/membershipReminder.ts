/**
 * The membership reminder: when a non-free plan ends within
 * 0 to 3 days it opens once per plan period (a localStorage flag keyed by
 * user and end time). It also opens on insufficient lingshi.
 */
import { useSyncExternalStore } from 'react';

export const REMINDER_DAYS = 3;
export const REMINDER_STORAGE_PREFIX = 'PIXMART_MEMBER_REMINDER';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReminderInput {
  userId: string | number | null | undefined;
  productType: string | null | undefined;
  endTime: string | number | null | undefined;
}

export function reminderStorageKey(userId: string | number, endTime: string | number): string {
  return `${REMINDER_STORAGE_PREFIX}:${userId}:${endTime}`;
}

/** Whole days left until `endTime` (rounded up), or null if it has no valid end. */
export function daysLeft(endTime: string | number | null | undefined, now: number): number | null {
  if (endTime === null || endTime === undefined || endTime === '') return null;
  const end = typeof endTime === 'number' ? endTime : new Date(endTime).getTime();
  if (Number.isNaN(end)) return null;
  return Math.ceil((end - now) / DAY_MS);
}

/**
 * The days left to tell the user about, or null when no reminder is due:
 * a non-free plan ending within 0..3 days that has not been reminded yet.
 */
export function expiryReminderDue(input: ReminderInput, now: number, storage: Pick<Storage, 'getItem'> | null): number | null {
  const { userId, productType, endTime } = input;
  if (userId === null || userId === undefined || userId === '') return null;
  if (!productType || productType === 'free') return null;
  const left = daysLeft(endTime, now);
  if (left === null || left < 0 || left > REMINDER_DAYS) return null;
  try {
    if (storage?.getItem(reminderStorageKey(userId, endTime as string | number))) return null;
  } catch {
    // storage unavailable: remind
  }
  return left;
}

export function markReminded(userId: string | number, endTime: string | number, storage: Pick<Storage, 'setItem'> | null): void {
  try {
    storage?.setItem(reminderStorageKey(userId, endTime), '1');
  } catch {
    // storage unavailable
  }
}

/** "Not enough coins" asks for the same modal (opened by a generation page). */
type Request = { reason: 'lingshi' } | null;
let lingshiRequest: Request = null;
const listeners = new Set<() => void>();

export function openLingshiReminder(): void {
  lingshiRequest = { reason: 'lingshi' };
  listeners.forEach((l) => l());
}
export function closeLingshiReminder(): void {
  lingshiRequest = null;
  listeners.forEach((l) => l());
}
export function useLingshiReminder(): Request {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => lingshiRequest,
    () => lingshiRequest,
  );
}
