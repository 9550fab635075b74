/** The admin page's strings: `admin.<key>` in the one i18n table (lib/i18n/admin.ts). */
import { t, type Lang } from '../../../lib/i18n';
import type { ADMIN_MESSAGES } from '../../../lib/i18n/admin';

type Unprefixed<K> = K extends `admin.${infer Rest}` ? Rest : never;
export type AdminKey = Unprefixed<keyof typeof ADMIN_MESSAGES>;

export function adminText(key: AdminKey, lang: Lang): string {
  return t(`admin.${key}`, undefined, lang);
}
