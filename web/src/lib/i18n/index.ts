/**
 * Language state and translation. Chinese is the default; the choice is
 * kept in localStorage under I18_NEXT_LANGUAGE and sent to the API as
 * `Accept-Language` so its messages come back in the same language.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { messages, type MessageKey } from './messages';

export { messages, type MessageKey } from './messages';

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];
export const DEFAULT_LANG: Lang = 'zh';
export const LANG_STORAGE_KEY = 'I18_NEXT_LANGUAGE';

type Vars = Record<string, string | number>;

function readStoredLang(): Lang {
  try {
    const v = globalThis.localStorage?.getItem(LANG_STORAGE_KEY);
    return v === 'en' || v === 'zh' ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

let current: Lang = readStoredLang();
const listeners = new Set<() => void>();

function applyToDocument(lang: Lang) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }
}
applyToDocument(current);

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  if (lang === current) return;
  current = lang;
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: keep the choice in memory only
  }
  applyToDocument(lang);
  listeners.forEach((l) => l());
}

/** Re-reads the stored language (used at startup and by tests). */
export function reloadLang(): void {
  const stored = readStoredLang();
  if (stored !== current) {
    current = stored;
    applyToDocument(stored);
    listeners.forEach((l) => l());
  }
}

export function subscribeLang(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translates a key in the given (default: current) language. */
export function t(key: MessageKey, vars?: Vars, lang: Lang = current): string {
  const entry = messages[key];
  let text: string = entry ? entry[lang] : key;
  if (vars) {
    for (const [name, value] of Object.entries(vars)) {
      text = text.split(`{${name}}`).join(String(value));
    }
  }
  return text;
}

/** The `Accept-Language` value sent to the API. */
export function acceptLanguage(lang: Lang = current): string {
  return lang;
}

export function useI18n() {
  const lang = useSyncExternalStore(subscribeLang, getLang, getLang);
  const translate = useCallback((key: MessageKey, vars?: Vars) => t(key, vars, lang), [lang]);
  return { lang, setLang, t: translate };
}
