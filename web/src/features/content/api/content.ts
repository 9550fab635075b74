/**
 * Content batches (内容生成): one piece of copy per platform, written by a
 * text model from a subject (a hotspot, a calendar day, an idea of an idea
 * report or the merchant's own topic) and their product.
 * - GET /api/content-batches/defaults → the form's defaults and the price per platform;
 * - POST /api/content-batches → a new batch (its items loading);
 * - GET /api/content-batches?pageNum&pageSize → the caller's batches, newest first;
 * - GET /api/content-batches/{id} → the batch (reading it moves finished items on: polled while loading);
 * - POST /api/content-batches/{id}/stop|continue → the batch;
 * - POST /api/content-items/{id}/stop|regenerate, PUT …/text, PUT …/rating,
 *   POST …/images, DELETE …/images/{uploadId} → the item's batch;
 * - GET /api/hotspots/{id}, GET /api/idea-reports/{id} → the subject's title.
 * The response types are the generated schema's.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, request } from '../../../lib/api/client';
import { openLingshiReminder } from '../../../lib/membershipReminder';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';

import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type Platform = Schemas['Platform'];
export type ContentSource = Schemas['ContentSource'];
export type ItemStatus = Schemas['ItemStatus'];
export type ItemResult = Schemas['ItemResult'];
export type IdeaStyle = Schemas['CopyStyle'];
export type ItemRating = Schemas['Verdict'];

export const PLATFORMS: readonly Platform[] = ['redbook', 'weibo', 'tiktok', 'wechat'];
export const IDEA_STYLES: readonly IdeaStyle[] = ['humorous', 'professional', 'lively', 'imaginative', 'uplifting', 'emotional', 'everyday'];

export type ContentImage = Schemas['ContentImage'];
export type ContentItem = Schemas['ContentItem'];
export type ContentBatch = Schemas['ContentBatch'];
export type ContentDefaults = Schemas['ContentDefaults'];
export type ContentBatchPage = Schemas['ContentBatchPage'];

export interface NewContentBatch {
  source: ContentSource;
  hotspotId?: string;
  reportId?: string;
  ideaIndex?: number;
  topic?: string;
  topicDesc?: string;
  productName: string;
  productInfo?: string;
  platforms: Platform[];
  ideaStyle?: IdeaStyle;
  marketDesc?: string;
  prompt?: string;
  language?: 'zh' | 'en';
  /** The product photo's URL: each written post then gets a scene and a design picture. */
  productImage?: string;
}

export interface ItemText {
  title?: string | null;
  content: string;
  tags?: string[];
}

/** What the form shows of a hotspot. */
export interface HotspotTitle {
  id: string;
  title: string;
}

/** What the form reads of an idea report: its picture ideas. */
export interface IdeaReportIdeas {
  id: string;
  reportTitle: string;
  reportContent?: { socialMediaMkts?: { title: string; content: string }[] | null } | null;
}

export const BATCH_POLL_MS = 1500;
export const BATCH_LIST_REFRESH_MS = 5000;
export const BATCH_PAGE_SIZE = 10;

export const contentKeys = {
  defaults: ['content-batches', 'defaults'] as const,
  one: (id: string) => ['content-batches', 'one', id] as const,
  list: (pageNum: number, pageSize: number) => ['content-batches', 'list', pageNum, pageSize] as const,
  hotspot: (id: string) => ['content-batches', 'hotspot', id] as const,
  report: (id: string) => ['content-batches', 'idea-report', id] as const,
};

const batchPath = (id: string) => `/content-batches/${encodeURIComponent(id)}`;
const itemPath = (id: string) => `/content-items/${encodeURIComponent(id)}`;

/** Silent: the form says the price is unknown. */
export const fetchContentDefaults = (signal?: AbortSignal) => request<ContentDefaults>('/content-batches/defaults', { signal, silent: true });
/** Silent: the batch view says a failed load in place. */
export const fetchContentBatch = (id: string, signal?: AbortSignal) => request<ContentBatch>(batchPath(id), { signal, silent: true });
export const fetchContentBatches = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  request<ContentBatchPage>('/content-batches', { query: { pageNum, pageSize }, signal, silent: true });
export const fetchHotspotTitle = (id: string, signal?: AbortSignal) => request<HotspotTitle>(`/hotspots/${encodeURIComponent(id)}`, { signal, silent: true });
export const fetchIdeaReportIdeas = (id: string, signal?: AbortSignal) =>
  request<IdeaReportIdeas>(`/idea-reports/${encodeURIComponent(id)}`, { signal, silent: true });

/** Silent: the form shows the refusal itself. */
export const createContentBatch = (body: NewContentBatch) => request<ContentBatch>('/content-batches', { method: 'POST', body, silent: true });

/** The item and batch actions; each answers the whole batch. */
export type BatchAction =
  | { kind: 'stopBatch'; batchId: string }
  | { kind: 'continueBatch'; batchId: string }
  | { kind: 'stopItem'; itemId: string }
  | { kind: 'regenerate'; itemId: string }
  | { kind: 'saveText'; itemId: string; text: ItemText }
  | { kind: 'rate'; itemId: string; rating: ItemRating | null }
  | { kind: 'addImage'; itemId: string; uploadId: string }
  | { kind: 'removeImage'; itemId: string; uploadId: string };

export function runAction(a: BatchAction): Promise<ContentBatch> {
  switch (a.kind) {
    case 'stopBatch':
      return request(`${batchPath(a.batchId)}/stop`, { method: 'POST' });
    case 'continueBatch':
      return request(`${batchPath(a.batchId)}/continue`, { method: 'POST', silent: true });
    case 'stopItem':
      return request(`${itemPath(a.itemId)}/stop`, { method: 'POST' });
    case 'regenerate':
      return request(`${itemPath(a.itemId)}/regenerate`, { method: 'POST', silent: true });
    case 'saveText':
      return request(`${itemPath(a.itemId)}/text`, { method: 'PUT', body: a.text, silent: true });
    case 'rate':
      return request(`${itemPath(a.itemId)}/rating`, { method: 'PUT', body: { operationType: a.rating } });
    case 'addImage':
      return request(`${itemPath(a.itemId)}/images`, { method: 'POST', body: { uploadId: a.uploadId } });
    case 'removeImage':
      return request(`${itemPath(a.itemId)}/images/${encodeURIComponent(a.uploadId)}`, { method: 'DELETE' });
  }
}

/** Actions that charge or refund lingshi: the balance is read again after them. */
const MOVES_LINGSHI: ReadonlySet<BatchAction['kind']> = new Set(['stopBatch', 'continueBatch', 'stopItem', 'regenerate']);

export function useContentDefaults() {
  return useQuery({ queryKey: contentKeys.defaults, queryFn: ({ signal }) => fetchContentDefaults(signal), staleTime: 300_000 });
}

/** One batch, polled every 1.5 s while an item is loading (each read moves the batch on). */
export function useContentBatch(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: contentKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = qc.getQueryData<ContentBatch>(contentKeys.one(id as string));
      const batch = await fetchContentBatch(id as string, signal);
      // It has just settled: the list says so, and a failed item's lingshi went back.
      if (before?.loading && !batch.loading) {
        void qc.invalidateQueries({ queryKey: ['content-batches', 'list'] });
        void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
      }
      return batch;
    },
    enabled: !!id,
    // Also while a post's pictures are made (after its text).
    refetchInterval: (q) => (q.state.data?.loading || q.state.data?.picturesPending ? BATCH_POLL_MS : false),
  });
}

export function useContentBatches(pageNum: number, pageSize = BATCH_PAGE_SIZE) {
  return useQuery({
    queryKey: contentKeys.list(pageNum, pageSize),
    queryFn: ({ signal }) => fetchContentBatches(pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.loading) ? BATCH_LIST_REFRESH_MS : false),
  });
}

export function useHotspotTitle(id: string | null) {
  return useQuery({ queryKey: contentKeys.hotspot(id ?? ''), queryFn: ({ signal }) => fetchHotspotTitle(id as string, signal), enabled: !!id });
}

export function useIdeaReportIdeas(id: string | null) {
  return useQuery({ queryKey: contentKeys.report(id ?? ''), queryFn: ({ signal }) => fetchIdeaReportIdeas(id as string, signal), enabled: !!id });
}

const remindOnLingshi = (e: unknown) => {
  if (isApiError(e) && e.error === 'INSUFFICIENT_LINGSHI') openLingshiReminder();
};

/** Starts a batch: each platform is charged at once, so the balance is refreshed. */
export function useCreateContentBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createContentBatch,
    onSuccess: (batch) => {
      qc.setQueryData(contentKeys.one(batch.id), batch);
      void qc.invalidateQueries({ queryKey: ['content-batches', 'list'] });
      void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
    },
    onError: remindOnLingshi,
  });
}

/** Any action on a batch or its items: the answer replaces the batch on screen. */
export function useBatchAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSuccess: (batch, a) => {
      qc.setQueryData(contentKeys.one(batch.id), batch);
      void qc.invalidateQueries({ queryKey: ['content-batches', 'list'] });
      if (MOVES_LINGSHI.has(a.kind)) void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
    },
    onError: remindOnLingshi,
  });
}
