/** GET /api/poster-templates (public) and POST /api/batches for PLACARD_GEN. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api/client';
import { useI18n } from '../../lib/i18n';
import { USER_INFO_QUERY_KEY } from '../../lib/session';
import { POSTER_BIZ_TYPE, type PosterParams } from './constants';
import type { PosterLibrary } from './template';

export const posterTemplatesKey = (lang: string, q: string, category: string) => ['poster-templates', lang, q, category] as const;

export function fetchPosterTemplates(q: string, category: string, signal?: AbortSignal): Promise<PosterLibrary> {
  const query: Record<string, string> = {};
  if (q.trim()) query.q = q.trim();
  if (category) query.category = category;
  return request<PosterLibrary>('/poster-templates', { query, signal, silent: true });
}

/** The templates matching the words and category ('' for all); names in the page's language. */
export function usePosterTemplates(q = '', category = '') {
  const { lang } = useI18n();
  return useQuery({
    queryKey: posterTemplatesKey(lang, q.trim(), category),
    queryFn: ({ signal }) => fetchPosterTemplates(q, category, signal),
    staleTime: 3_600_000,
    placeholderData: keepPreviousData,
  });
}

export interface CreatedPosterBatch {
  batchId: string;
  total: number;
  taskIds: string[];
}

/** Several posters of one product at once (flagship tier), one task each. */
export function useCreatePosterBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: PosterParams[]) =>
      request<CreatedPosterBatch>('/batches', { method: 'POST', body: { bizType: POSTER_BIZ_TYPE, items: items.map((params) => ({ params })) } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
      void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
    },
  });
}
