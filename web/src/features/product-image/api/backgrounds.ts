/** GET /api/backgrounds: the palette and the template library (public). */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

/** A background template (category studio, texture, scene…); `previewUrl` is a public WebP preview. */
export type TemplateEntry = components['schemas']['TemplateDto'];

export type BackgroundLibrary = components['schemas']['LibraryDto'];

export const backgroundsKey = ['backgrounds'] as const;

export function useBackgroundLibrary() {
  return useQuery({
    queryKey: backgroundsKey,
    queryFn: ({ signal }) => request<BackgroundLibrary>('/backgrounds', { signal, silent: true }),
    staleTime: 3_600_000,
  });
}
