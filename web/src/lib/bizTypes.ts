import { messages, type MessageKey } from './i18n';

/** The localised name of a task type; never the raw code. */
export function bizTypeLabel(bizType: string | null | undefined, t: (k: MessageKey) => string): string {
  const key = `bizType.${bizType ?? ''}`;
  return key in messages ? t(key as MessageKey) : t('bizType.unknown');
}
