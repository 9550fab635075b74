/**
 * Hotspot sources and imports (`/api/admin/hotspot-sources`,
 * `/api/admin/hotspots/import`, admin role only; docs/MARKETING.md).
 * The list refreshes every 5 s so a refresh's outcome shows up by itself.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

// Declared by hand until these routes are in the generated schema.
export type FeedFormat = Schemas['FeedFormat'];
export type HotspotPlatform = Schemas['HotspotPlatform'];
export type HotspotKind = Schemas['HotspotKind'];

export const FEED_FORMATS: readonly FeedFormat[] = ['rss', 'json'];
export const HOTSPOT_PLATFORMS: readonly HotspotPlatform[] = ['redbook', 'weibo', 'tiktok', 'wechat', 'other'];
export const HOTSPOT_KINDS: readonly HotspotKind[] = ['topic', 'note', 'video', 'image'];

export type FeedMapping = Schemas['FeedMapping'];

export interface NewHotspotSource {
  name: string;
  format: FeedFormat;
  url: string;
  platform: HotspotPlatform;
  kind: HotspotKind;
  intervalMinutes: number;
  enabled: boolean;
  mapping?: FeedMapping;
}

export type HotspotSourcePatch = Partial<NewHotspotSource>;

export type HotspotSource = Schemas['HotspotSource'];

export type HotspotSourceList = Schemas['HotspotSourceList'];

export type ImportReport = Schemas['ImportReport'];

const REFRESH_MS = 5000;
export const hotspotSourceKeys = { all: ['admin', 'hotspot-sources'] as const };

const sourcePath = (id: string) => `/admin/hotspot-sources/${encodeURIComponent(id)}`;

export function useHotspotSources() {
  return useQuery({
    queryKey: hotspotSourceKeys.all,
    queryFn: () => request<HotspotSourceList>('/admin/hotspot-sources', { silent: true }).then((d) => d.list),
    refetchInterval: REFRESH_MS,
  });
}

/** Creates or changes a source; silent: the form shows the API's `msg` itself. */
export function useSaveHotspotSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NewHotspotSource | HotspotSourcePatch }) =>
      id
        ? request<HotspotSource>(sourcePath(id), { method: 'PATCH', body, silent: true })
        : request<HotspotSource>('/admin/hotspot-sources', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: hotspotSourceKeys.all }),
  });
}

/** Switches a source on or off from the table (a failure toasts). */
export function useToggleHotspotSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      request<HotspotSource>(sourcePath(id), { method: 'PATCH', body: { enabled } }),
    onSuccess: () => client.invalidateQueries({ queryKey: hotspotSourceKeys.all }),
  });
}

export function useDeleteHotspotSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<unknown>(sourcePath(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: hotspotSourceKeys.all }),
  });
}

/** Makes the source due now; a worker's next poll fetches it. */
export function useRefreshHotspotSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<unknown>(`${sourcePath(id)}/refresh`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: hotspotSourceKeys.all }),
  });
}

export function importHotspots(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<ImportReport>('/admin/hotspots/import', { method: 'POST', body: form, silent: true });
}

export function useImportHotspots() {
  return useMutation({ mutationFn: importHotspots });
}
