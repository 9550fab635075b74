/**
 * The poster materials library (素材库): a merchant's own images and logos,
 * and those the members of their tenant share.
 * - GET /api/poster-assets?cursor_id=&updated_at_start=&updated_at_end=&content_type=&scope=&size=
 *   a page, most recently updated first; `cursor_id` null on the last page;
 * - POST /api/poster-assets {uploadId, name?, contentType?, shared?};
 * - GET / PATCH / DELETE /api/poster-assets/{id} (edits and deletes: the owner only).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestBlob } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type PosterAsset = Schemas['PosterAsset'];
export type PosterAssetPage = Schemas['PosterAssetPage'];
/** `0` an image, `1` a logo. */
export type PosterAssetKind = Schemas['PosterAssetKind'];
export type NewPosterAsset = Schemas['NewPosterAsset'];
export type PosterAssetPatch = Schemas['PosterAssetPatch'];

export const ASSET_IMAGE: PosterAssetKind = 0;
export const ASSET_LOGO: PosterAssetKind = 1;
export const ASSET_SCOPES = ['all', 'mine', 'tenant'] as const;
export type AssetScope = (typeof ASSET_SCOPES)[number];
export const POSTER_ASSETS_PAGE_SIZE = 20;
/** The server's bounds of a name. */
export const ASSET_NAME_MAX = 60;

/** What a list asks for; absent fields are not sent (the server's defaults). */
export interface PosterAssetFilters {
  contentType?: PosterAssetKind;
  /** Milliseconds since the epoch, inclusive. */
  updatedAtStart?: number;
  /** Milliseconds since the epoch, exclusive. */
  updatedAtEnd?: number;
  scope?: AssetScope;
}

export const posterAssetKeys = {
  all: ['poster-assets'] as const,
  list: (f: PosterAssetFilters, size: number) => ['poster-assets', 'list', f, size] as const,
  one: (id: string) => ['poster-assets', 'one', id] as const,
};

/** The query string of one page (snake_case, as the API names them). */
export function assetListQuery(f: PosterAssetFilters, cursor: string | null, size: number) {
  return {
    cursor_id: cursor ?? undefined,
    updated_at_start: f.updatedAtStart,
    updated_at_end: f.updatedAtEnd,
    content_type: f.contentType,
    scope: f.scope && f.scope !== 'all' ? f.scope : undefined,
    size,
  };
}

/** Silent: the lists say a failed load in place. */
export function fetchPosterAssets(f: PosterAssetFilters, cursor: string | null, size: number, signal?: AbortSignal): Promise<PosterAssetPage> {
  return request<PosterAssetPage>('/poster-assets', { query: assetListQuery(f, cursor, size), signal, silent: true });
}

export const fetchPosterAsset = (id: string, signal?: AbortSignal) =>
  request<PosterAsset>(`/poster-assets/${encodeURIComponent(id)}`, { signal, silent: true });

export const addPosterAsset = (body: NewPosterAsset) => request<PosterAsset>('/poster-assets', { method: 'POST', body });

export const updatePosterAsset = (id: string, patch: PosterAssetPatch) =>
  request<PosterAsset>(`/poster-assets/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });

export const deletePosterAsset = (id: string) =>
  request<{ removed: boolean }>(`/poster-assets/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * The materials matching `f`, a page at a time: the first page replaces
 * the list (a filter change is a new query), `fetchNextPage` appends the
 * page after the last `cursor_id`.
 */
export function usePosterAssets(f: PosterAssetFilters, enabled = true, size = POSTER_ASSETS_PAGE_SIZE) {
  const q = useInfiniteQuery({
    queryKey: posterAssetKeys.list(f, size),
    queryFn: ({ pageParam, signal }) => fetchPosterAssets(f, pageParam, size, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor_id ?? undefined,
    enabled,
    // A list left behind (another filter) is dropped: coming back starts at its first page again.
    gcTime: 0,
  });
  const items = q.data?.pages.flatMap((p) => p.cds_asset_infos) ?? [];
  return { ...q, items };
}

export function usePosterAsset(id: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: posterAssetKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchPosterAsset(id as string, signal),
    enabled: enabled && !!id,
  });
}

/** Adds, changes or deletes a material; every list and the material's own query refresh. */
function useAssetMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: posterAssetKeys.all }) });
}

export const useAddPosterAsset = () => useAssetMutation(addPosterAsset);
export const useUpdatePosterAsset = () => useAssetMutation(({ id, patch }: { id: string; patch: PosterAssetPatch }) => updatePosterAsset(id, patch));
export const useDeletePosterAsset = () => useAssetMutation(deletePosterAsset);

const UPLOAD_MARKER = '/api/files/uploads/';

/** The upload id in an upload's URL (as POST /api/uploads answers it), the way the server reads it. */
export function uploadIdOf(url: string): string {
  const at = url.indexOf(UPLOAD_MARKER);
  if (at < 0) return url;
  return url.slice(at + UPLOAD_MARKER.length).split(/[.?#/]/)[0] ?? '';
}

/** The address a task's params name an upload by (a poster's `images`). */
export function uploadUrlOf(uploadId: string): string {
  return uploadId.includes(UPLOAD_MARKER) ? uploadId : `${UPLOAD_MARKER}${uploadId}`;
}

/** A material as a poster slot takes it: the upload's address and a local preview of the picture. */
export async function loadAssetPhoto(asset: PosterAsset): Promise<{ url: string; preview: string }> {
  const blob = await requestBlob(asset.url);
  return { url: uploadUrlOf(asset.uploadId), preview: URL.createObjectURL(blob) };
}
