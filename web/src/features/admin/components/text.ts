/** The admin pages' strings: `admin.<key>` in the one i18n table (lib/i18n/admin.ts, lib/i18n/adminHotspots.ts). */
import { t, type Lang } from '../../../lib/i18n';
import type { ADMIN_MESSAGES } from '../../../lib/i18n/admin';
import type { ADMIN_HOTSPOT_MESSAGES } from '../../../lib/i18n/adminHotspots';

type Unprefixed<K> = K extends `admin.${infer Rest}` ? Rest : never;
export type AdminKey = Unprefixed<keyof typeof ADMIN_MESSAGES | keyof typeof ADMIN_HOTSPOT_MESSAGES>;

export function adminText(key: AdminKey, lang: Lang, vars?: Record<string, string | number>): string {
  return t(`admin.${key}`, vars, lang);
}
