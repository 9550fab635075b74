/**
 * The creation space's saved images (saveImage / save2K), kept after the
 * task history's retention window:
 * - POST /api/saved-images {taskId, index, quality}: pins a result whose
 *   download is READY (idempotent: the same result answers the same item);
 * - GET /api/saved-images?page=&size=: the caller's, newest first;
 * - DELETE /api/saved-images/{id}.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';
import type { DownloadQuality } from './downloads';
import type { components } from './schema';

/** `url` is `/api/files/<key>` (needs the bearer header); `createdAt` RFC 3339. */
export type SavedImage = components['schemas']['SavedImageDto'];

export type SavedImagePage = components['schemas']['SavedPageDto'];

/**
 * The body of POST /api/saved-images. The API's SaveBody leaves every field
 * untyped (a mistyped one is its INVALID_PARAM), so the web writes it here.
 */
export interface SaveImageBody {
  taskId: string;
  index: number;
  quality: DownloadQuality;
}

export const SAVED_IMAGES_PAGE_SIZE = 20;

export const savedImageKeys = {
  all: ['saved-images'] as const,
  page: (page: number, size: number) => ['saved-images', page, size] as const,
};

export function saveImage(body: SaveImageBody): Promise<SavedImage> {
  return request<SavedImage>('/saved-images', { method: 'POST', body });
}

/** Silent: the creation space says a failed load in place rather than over the page. */
export function fetchSavedImages(page: number, size: number, signal?: AbortSignal): Promise<SavedImagePage> {
  return request<SavedImagePage>('/saved-images', { query: { page, size }, signal, silent: true });
}

export function deleteSavedImage(id: string): Promise<boolean> {
  return request<boolean>(`/saved-images/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** One page of the caller's saved images; the previous page stays shown while the next loads. */
export function useSavedImages(page: number, enabled: boolean, size = SAVED_IMAGES_PAGE_SIZE) {
  return useQuery({
    queryKey: savedImageKeys.page(page, size),
    queryFn: ({ signal }) => fetchSavedImages(page, size, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteSavedImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedImage,
    onSuccess: () => void qc.invalidateQueries({ queryKey: savedImageKeys.all }),
  });
}
