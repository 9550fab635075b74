/**
 * The rewrite pages' own calls: an article fetched by its link, and the
 * rating of an answer. Until the OpenAPI types carry them, their bodies are
 * typed here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api/client';
import { taskKeys, type Task } from '../../lib/api/tasks';
import type { DislikeReason, Rating, ResultRating } from '../../lib/textCopy';

/** `POST /api/articles/fetch` answer (until the OpenAPI types carry it). */
export interface FetchedArticle {
  url: string;
  title: string;
  text: string;
  /** The text was cut to what a rewrite takes. */
  truncated: boolean;
}

/**
 * Fetches an article's text by its link. Silent: the page shows the
 * server's message (ARTICLE_LINK_NOT_ALLOWED, ARTICLE_FETCH_FAILED,
 * ARTICLE_NO_TEXT) under the field itself.
 */
export function fetchArticle(url: string): Promise<FetchedArticle> {
  return request<FetchedArticle>('/articles/fetch', { method: 'POST', body: { url }, silent: true });
}

export function useFetchArticle() {
  return useMutation({ mutationFn: fetchArticle });
}

/** `PUT /api/tasks/{taskId}/results/{index}/rating` body. */
export interface RatingBody {
  rating: Rating | null;
  /** Only with a dislike. */
  reasons: DislikeReason[];
}

export function rateResult(taskId: string, index: number, body: RatingBody): Promise<unknown> {
  return request<unknown>(`/tasks/${encodeURIComponent(taskId)}/results/${index}/rating`, { method: 'PUT', body });
}

/** The task with result `index`'s rating set (what the server now stores). */
export function withRating(task: Task, index: number, rating: ResultRating | null): Task {
  const results = (task.results ?? []).map((r, i) => (i === index ? { ...r, rating } : r));
  return { ...task, results };
}

/** Rates one answer; the task in the cache then carries the rating. */
export function useRateResult(taskId: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingBody) => rateResult(taskId, index, { rating: body.rating, reasons: body.rating === 'dislike' ? body.reasons : [] }),
    onSuccess: (_data, body) => {
      const rating: ResultRating | null = body.rating ? { rating: body.rating, reasons: body.rating === 'dislike' ? body.reasons : [] } : null;
      qc.setQueryData<Task>(taskKeys.detail(taskId), (task) => (task ? withRating(task, index, rating) : task));
    },
  });
}
