/**
 * Heat and growth for people: Chinese counts in 万 and 亿 (1.2万), English
 * in k, M and B (12.3k). One decimal, a trailing ".0" dropped.
 */
import type { Lang } from './i18n';

interface Unit {
  size: number;
  suffix: string;
}
const UNITS: Record<Lang, readonly Unit[]> = {
  zh: [
    { size: 1e8, suffix: '亿' },
    { size: 1e4, suffix: '万' },
  ],
  en: [
    { size: 1e9, suffix: 'B' },
    { size: 1e6, suffix: 'M' },
    { size: 1e3, suffix: 'k' },
  ],
};

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '');

export function formatHeat(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const sign = value < 0 ? '-' : '';
  const n = Math.abs(value);
  const units = UNITS[lang];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as Unit;
    if (n < unit.size) continue;
    const scaled = Math.round((n / unit.size) * 10) / 10;
    // 9999.96万 rounds to 10000万: say 1亿 instead.
    const bigger = units[i - 1];
    if (bigger && scaled * unit.size >= bigger.size) return `${sign}${oneDecimal(n / bigger.size)}${bigger.suffix}`;
    return `${sign}${oneDecimal(scaled)}${unit.suffix}`;
  }
  // Below the smallest unit: whole numbers (a heat of 100000 / rank is rarely whole).
  const smallest = units[units.length - 1] as Unit;
  const whole = Math.round(n);
  if (whole >= smallest.size) return `${sign}${oneDecimal(whole / smallest.size)}${smallest.suffix}`;
  return `${sign}${whole}`;
}

/** A growth with its sign: +1.2万, -300, 0. */
export function formatGrowth(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value > 0 ? `+${formatHeat(value, lang)}` : formatHeat(value, lang);
}
