/**
 * The hot lists' API (docs/MARKETING.md, "Hotspots"):
 * - GET /api/hotspots?pageNum&pageSize&sort&kind&platform&origin&keyword&windowHours → {list, total};
 * - GET /api/hotspots/{id} → the hotspot and its `history`;
 * - POST /api/hotspots (a custom save), DELETE /api/hotspots/{id} (the caller's own);
 * - GET /api/hot-words?windowHours&size → {list}.
 * The types are declared here until the generated schema has them.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type HotspotKind = Schemas['HotspotKind'];
export type HotspotPlatform = Schemas['HotspotPlatform'];
export type HotspotOrigin = Schemas['HotspotOrigin'];
export type HotspotSort = 'rising' | 'ranking' | 'latest';

export type Hotspot = Schemas['Hotspot'];

export type HotspotPage = Schemas['HotspotPage'];

export type HotspotPoint = Schemas['HotspotPoint'];

export type HotspotDetail = Schemas['HotspotDetail'];

export type HotWord = Schemas['WordTrend'];

export type HotWordList = Schemas['HotWordList'];

/** A custom save ("Save a hotspot for rewrite"). */
export interface NewHotspot {
  title: string;
  article?: string;
  xhsUrl?: string;
  summary?: string;
  picUrl?: string;
  picDesc?: string;
  hotspotSourceType?: string;
}

/** What a list asks for, without the page; absent fields are the server's defaults. */
export interface HotspotQuery {
  sort: HotspotSort;
  /** Several kinds are sent comma-separated (popular content: notes and videos). */
  kinds?: readonly HotspotKind[];
  platform?: HotspotPlatform;
  origin?: HotspotOrigin;
  keyword?: string;
  windowHours?: number;
}

export const HOTSPOT_PAGE_SIZE = 10;
export const HOT_WORDS_SIZE = 30;

export const hotspotKeys = {
  all: ['hotspots'] as const,
  list: (q: HotspotQuery, size: number) => ['hotspots', 'list', q, size] as const,
  one: (id: string) => ['hotspots', 'one', id] as const,
  words: (windowHours: number, size: number) => ['hotspots', 'words', windowHours, size] as const,
};

/** The query string of one page, as the API names it. */
export function hotspotListQuery(q: HotspotQuery, pageNum: number, pageSize: number) {
  return {
    pageNum,
    pageSize,
    sort: q.sort,
    kind: q.kinds && q.kinds.length > 0 ? q.kinds.join(',') : undefined,
    platform: q.platform,
    origin: q.origin,
    keyword: q.keyword?.trim() || undefined,
    windowHours: q.windowHours,
  };
}

/** The page after `pages`, or undefined when every hotspot is loaded (or the last page came back empty). */
export function nextPageNum(pages: readonly HotspotPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.list.length === 0) return undefined;
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total ? pages.length + 1 : undefined;
}

/** Silent: the lists say a failed load in place. */
export const fetchHotspots = (q: HotspotQuery, pageNum: number, pageSize: number, signal?: AbortSignal) =>
  request<HotspotPage>('/hotspots', { query: hotspotListQuery(q, pageNum, pageSize), signal, silent: true });

export const fetchHotspot = (id: string, signal?: AbortSignal) =>
  request<HotspotDetail>(`/hotspots/${encodeURIComponent(id)}`, { signal, silent: true });

export const fetchHotWords = (windowHours: number, size: number, signal?: AbortSignal) =>
  request<HotWordList>('/hot-words', { query: { windowHours, size }, signal, silent: true });

export const saveHotspot = (body: NewHotspot) => request<Hotspot>('/hotspots', { method: 'POST', body });

export const deleteHotspot = (id: string) => request<unknown>(`/hotspots/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * The hotspots matching `q`, a page at a time: page 1 replaces the list (a
 * filter change is a new key, so it starts at page 1 again), `fetchNextPage`
 * appends the next page.
 */
export function useHotspots(q: HotspotQuery, enabled = true, size = HOTSPOT_PAGE_SIZE) {
  const query = useInfiniteQuery({
    queryKey: hotspotKeys.list(q, size),
    queryFn: ({ pageParam, signal }) => fetchHotspots(q, pageParam, size, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageNum(pages),
    enabled,
    // A list left behind (another filter) is dropped: coming back starts at its first page again.
    gcTime: 0,
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? 0;
  return { ...query, items, total };
}

export function useHotspot(id: string | null) {
  return useQuery({
    queryKey: hotspotKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchHotspot(id as string, signal),
    enabled: !!id,
  });
}

export function useHotWords(windowHours: number, enabled = true, size = HOT_WORDS_SIZE) {
  return useQuery({
    queryKey: hotspotKeys.words(windowHours, size),
    queryFn: ({ signal }) => fetchHotWords(windowHours, size, signal).then((d) => d.list),
    enabled,
  });
}

/** Saves or deletes a custom hotspot; every hotspot list refreshes. */
function useHotspotMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: hotspotKeys.all }) });
}

export const useSaveHotspot = () => useHotspotMutation(saveHotspot);
export const useDeleteHotspot = () => useHotspotMutation(deleteHotspot);
