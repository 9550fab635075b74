/** GET /api/backgrounds: the palette and the template library (public). */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

export interface TemplateEntry {
  id: string;
  category: 'studio' | 'texture' | 'scene' | string;
  name: string;
  /** A public WebP preview. */
  previewUrl: string;
}

export interface BackgroundLibrary {
  palette: { name: string; hex: string }[];
  templates: TemplateEntry[];
}

export const backgroundsKey = ['backgrounds'] as const;

export function useBackgroundLibrary() {
  return useQuery({
    queryKey: backgroundsKey,
    queryFn: ({ signal }) => request<BackgroundLibrary>('/backgrounds', { signal, silent: true }),
    staleTime: 3_600_000,
  });
}
