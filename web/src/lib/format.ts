import { getLang, type Lang } from './i18n';

/** The Intl locale of each app language. */
const LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/*
 * Formatters are cached per language: creating one is slow and lists
 * format many dates at once.
 */
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}:${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    cache.set(key, f);
  }
  return f;
}

/**
 * A date in the app language's own way ("2026年11月21日", "Nov 21, 2026"),
 * in local time; empty for a missing or bad value. Pass the `lang` of
 * `useI18n()` so a language switch re-renders it.
 */
export function formatDate(value: string | number | Date | null | undefined, lang: Lang = getLang()): string {
  const d = toDate(value);
  return d ? formatter(lang, false).format(d) : '';
}

/** A date and time of day, in the app language's own way ("2026年11月21日 09:05"). */
export function formatDateTime(value: string | number | Date | null | undefined, lang: Lang = getLang()): string {
  const d = toDate(value);
  return d ? formatter(lang, true).format(d) : '';
}
