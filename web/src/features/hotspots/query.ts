/**
 * What each tab and page of the hot lists asks the API for. Pure, so the
 * tab → query mapping is unit-tested; the components only pick a spec and
 * hold the filters.
 */
import type { HotspotKind, HotspotOrigin, HotspotPlatform, HotspotQuery, HotspotSort } from './api/hotspots';

export const HOT_TABS = ['hot', 'CALENDAR', 'POPULAR', 'CUSTOM', 'IMPORT', 'POPULAR_IMAGE'] as const;
export type HotTab = (typeof HOT_TABS)[number];
export const isHotTab = (v: string | null): v is HotTab => (HOT_TABS as readonly (string | null)[]).includes(v);

/** The hot tab's options: real-time hot, topic ranking, hot-word ranking. */
export const HOT_MODES = ['rising', 'ranking', 'words'] as const;
export type HotMode = (typeof HOT_MODES)[number];
export const isHotMode = (v: string | null): v is HotMode => (HOT_MODES as readonly (string | null)[]).includes(v);

/** The platforms a merchant filters by (`other` only shows under "all"). */
export const PLATFORMS: readonly HotspotPlatform[] = ['redbook', 'weibo', 'tiktok', 'wechat'];
export type PlatformFilter = 'all' | HotspotPlatform;

export const WINDOWS = [1, 6, 24, 168] as const;
export type WindowHours = (typeof WINDOWS)[number];

export interface HotspotFilters {
  platform: PlatformFilter;
  windowHours: WindowHours;
  /** As submitted (the search box sends it on Enter, not on every key). */
  keyword: string;
}

export const defaultFilters = (windowHours: WindowHours = 24): HotspotFilters => ({ platform: 'all', windowHours, keyword: '' });

/** One list: what it asks for, and which filters mean something for it. */
export interface ListSpec {
  sort: HotspotSort;
  kinds?: readonly HotspotKind[];
  origin?: HotspotOrigin;
  /** The window changes the order (rising, ranking); `latest` ignores it. */
  windowed: boolean;
  platformFilter: boolean;
  /** Pictures in a grid rather than cards in a column. */
  grid?: boolean;
}

const POPULAR_KINDS: readonly HotspotKind[] = ['note', 'video'];

export const LIST_SPECS = {
  rising: { sort: 'rising', kinds: ['topic'], origin: 'feed', windowed: true, platformFilter: true },
  ranking: { sort: 'ranking', kinds: ['topic'], origin: 'feed', windowed: true, platformFilter: true },
  popular: { sort: 'ranking', kinds: POPULAR_KINDS, windowed: true, platformFilter: true },
  notes: { sort: 'ranking', kinds: ['note'], windowed: true, platformFilter: true },
  videos: { sort: 'ranking', kinds: ['video'], windowed: true, platformFilter: true },
  image: { sort: 'ranking', kinds: ['image'], windowed: true, platformFilter: true, grid: true },
  custom: { sort: 'latest', origin: 'custom', windowed: false, platformFilter: false },
  import: { sort: 'latest', origin: 'import', windowed: false, platformFilter: true },
} as const satisfies Record<string, ListSpec>;
export type ListName = keyof typeof LIST_SPECS;

/** The list a tab shows; null where it shows none (the calendar, the hot words). */
export function tabList(tab: HotTab, mode: HotMode): ListName | null {
  switch (tab) {
    case 'hot':
      return mode === 'words' ? null : mode;
    case 'CALENDAR':
      return null;
    case 'POPULAR':
      return 'popular';
    case 'CUSTOM':
      return 'custom';
    case 'IMPORT':
      return 'import';
    case 'POPULAR_IMAGE':
      return 'image';
  }
}

/** The API query of a list under the filters; a filter the list does not use is not sent. */
export function toHotspotQuery(spec: ListSpec, f: HotspotFilters): HotspotQuery {
  const q: HotspotQuery = { sort: spec.sort };
  if (spec.kinds) q.kinds = spec.kinds;
  if (spec.origin) q.origin = spec.origin;
  if (spec.platformFilter && f.platform !== 'all') q.platform = f.platform;
  if (spec.windowed) q.windowHours = f.windowHours;
  const keyword = f.keyword.trim();
  if (keyword) q.keyword = keyword;
  return q;
}
