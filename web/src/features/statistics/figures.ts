/** Derived figures and labels of the statistics page. */
import type { MessageKey } from '../../lib/i18n';
import type { StatisticsTotals } from './api/statistics';

/** Succeeded of all generations; null when there were none. */
export function successRate(t: Pick<StatisticsTotals, 'generations' | 'succeeded'>): number | null {
  return t.generations > 0 ? t.succeeded / t.generations : null;
}

/** A rate in 0–1 as a whole or one-decimal percentage; "—" when there is none. */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const pct = Math.round(rate * 1000) / 10;
  return `${pct}%`;
}

const PLATFORMS = ['redbook', 'weibo', 'tiktok', 'wechat'] as const;

/** A platform's display name (the hot lists' names); an unknown one is "other". */
export function platformKey(platform: string): MessageKey {
  return (PLATFORMS as readonly string[]).includes(platform) ? (`hot.platform.${platform}` as MessageKey) : 'hot.platform.other';
}

/** A count with thousands separators (the same in both languages). */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** The brand's primary colour, and a warm second colour for the second series. */
export const PRIMARY = '#2352d8';
export const ACCENT = '#f59e0b';
