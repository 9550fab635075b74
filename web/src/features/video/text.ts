/** The video page's strings: `video.<key>` in the one i18n table (lib/i18n/video.ts). */
import { t, type Lang } from '../../lib/i18n';
import type { VIDEO_MESSAGES } from '../../lib/i18n/video';

type Unprefixed<K> = K extends `video.${infer Rest}` ? Rest : never;
export type VideoTextKey = Unprefixed<keyof typeof VIDEO_MESSAGES>;

export function videoText(lang: Lang, key: VideoTextKey, vars?: Record<string, string | number>): string {
  return t(`video.${key}`, vars, lang);
}
