/**
 * Idea reports (热点营销策划): a hotspot, a calendar day or the merchant's own
 * topic, plus their product, written up by a text model in stages.
 * - GET /api/idea-reports/defaults?hotspotSourceType → the form's defaults and the prices;
 * - POST /api/idea-reports → a new report (generating);
 * - GET /api/idea-reports/{id} → the report (reading it advances it: polled while generating);
 * - GET /api/idea-reports?pageNum&pageSize → the caller's reports, newest first;
 * - POST /api/idea-reports/{id}/cancel → the report, cancelled;
 * - GET /api/idea-reports/{id}/export.docx?title → a Word file;
 * - GET /api/hotspots/{id} → the chosen hotspot's title.
 * The response types are the generated schema's.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, isApiError, request } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/download';
import { openLingshiReminder } from '../../../lib/membershipReminder';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import type { components } from '../../../lib/api/schema';

export type HotspotSourceType = 'PUBLIC' | 'CALENDAR' | 'CUSTOM_INSPIRATION' | 'PERSONAL' | 'HOTSPOT_MARKETING' | 'CREATIVE_IDEA_GENERATE';
type Schemas = components['schemas'];

export type MktType = Schemas['MktType'];
export type IdeaStyle = Schemas['CopyStyle'];
export type SocialType = Schemas['SocialType'];
export type Ordering = Schemas['ReportOrdering'];
export type ReportProcess = Schemas['ReportState'];
export type ReportStage = Schemas['IdeaStage'];

export const MKT_TYPES: readonly MktType[] = ['product', 'brand', 'country', 'city', 'spots'];
export const IDEA_STYLES: readonly IdeaStyle[] = ['humorous', 'professional', 'lively', 'imaginative', 'uplifting', 'emotional', 'everyday'];
export const SOCIAL_TYPES: readonly SocialType[] = ['image', 'video', 'offline'];

/** The form's defaults; `prices` may lack a kind while the server's answer is not in. */
export type IdeaDefaults = Omit<Schemas['IdeaReportDefaults'], 'prices' | 'ideasFreeUntil'> & {
  prices: Partial<Schemas['IdeaStagePrices']>;
  ideasFreeUntil?: string | null;
};

/** The request body, narrower than the schema's (every field there is optional text). */
export interface NewIdeaReport {
  hotspotSourceType?: HotspotSourceType;
  hotspotId?: string;
  reportTitle?: string;
  topicDesc?: string;
  mktType?: MktType;
  marketDesc: string;
  prompt?: string;
  ideaStyle?: IdeaStyle;
  socialType?: SocialType[];
  ordering?: Ordering;
  language?: 'zh' | 'en';
  /** The product photo's URL: each picture idea then gets a scene and a design picture. */
  productImage?: string;
}

export type IdeaItem = Schemas['Idea'];
export type ReportParams = Schemas['IdeaReportParams'];
export type ReportContent = Schemas['IdeaReportContent'];
export type IdeaReport = Schemas['IdeaReport'];
export type IdeaReportPage = Schemas['IdeaReportPage'];
export type IdeaPicture = Schemas['IdeaPicture'];

/** What the form needs of a hotspot (GET /api/hotspots/{id} sends more). */
export interface HotspotSubject {
  id: string;
  title: string;
  summary?: string | null;
}

export const REPORT_POLL_MS = 1500;
export const REPORT_LIST_REFRESH_MS = 5000;
export const REPORT_PAGE_SIZE = 10;

export const ideaKeys = {
  all: ['idea-reports'] as const,
  defaults: (source: HotspotSourceType) => ['idea-reports', 'defaults', source] as const,
  one: (id: string) => ['idea-reports', 'one', id] as const,
  list: (pageNum: number, pageSize: number) => ['idea-reports', 'list', pageNum, pageSize] as const,
  hotspot: (id: string) => ['idea-reports', 'hotspot', id] as const,
};

const reportPath = (id: string) => `/idea-reports/${encodeURIComponent(id)}`;

/** Silent: the form falls back to its own defaults and shows no prices. */
export const fetchIdeaDefaults = (source: HotspotSourceType, signal?: AbortSignal) =>
  request<IdeaDefaults>('/idea-reports/defaults', { query: { hotspotSourceType: source }, signal, silent: true });

/** Silent: the report view says a failed load in place. */
export const fetchIdeaReport = (id: string, signal?: AbortSignal) => request<IdeaReport>(reportPath(id), { signal, silent: true });

export const fetchIdeaReports = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  request<IdeaReportPage>('/idea-reports', { query: { pageNum, pageSize }, signal, silent: true });

export const fetchHotspotSubject = (id: string, signal?: AbortSignal) =>
  request<HotspotSubject>(`/hotspots/${encodeURIComponent(id)}`, { signal, silent: true });

/** Silent: the form shows the refusal beside the field the server names. */
export const createIdeaReport = (body: NewIdeaReport) => request<IdeaReport>('/idea-reports', { method: 'POST', body, silent: true });

export const cancelIdeaReport = (id: string) => request<IdeaReport>(`${reportPath(id)}/cancel`, { method: 'POST' });

export const ideaDocxUrl = (id: string, title: string) => apiUrl(`${reportPath(id)}/export.docx`, { title });

export const IDEA_DOCX_ITEM = 'idea-report-docx';

/** Fetched with the bearer header, like every protected download; false when refused or failed. */
export const downloadIdeaDocx = (id: string, title: string, filename: string) => downloadFile(IDEA_DOCX_ITEM, ideaDocxUrl(id, title), filename);

export const isGenerating = (r: Pick<IdeaReport, 'process'> | undefined) => r?.process === 'generating';
/** Still written, or its pictures still made: the page keeps reading it. */
export const isBusy = (r: Pick<IdeaReport, 'process' | 'picturesPending'> | undefined) => isGenerating(r) || !!r?.picturesPending;

export function useIdeaDefaults(source: HotspotSourceType) {
  return useQuery({
    queryKey: ideaKeys.defaults(source),
    queryFn: ({ signal }) => fetchIdeaDefaults(source, signal),
    staleTime: 300_000,
  });
}

/** One report, polled every 1.5 s while it is being written (each read advances it). */
export function useIdeaReport(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ideaKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = qc.getQueryData<IdeaReport>(ideaKeys.one(id as string));
      const report = await fetchIdeaReport(id as string, signal);
      // It has just ended: the lists say so, and a failed stage's coins went back.
      if (isGenerating(before) && !isGenerating(report)) {
        void qc.invalidateQueries({ queryKey: ['idea-reports', 'list'] });
        void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
      }
      return report;
    },
    enabled: !!id,
    refetchInterval: (q) => (isBusy(q.state.data) ? REPORT_POLL_MS : false),
  });
}

/** A page of the caller's reports; refreshed while one of them is being written. */
export function useIdeaReports(pageNum: number, pageSize = REPORT_PAGE_SIZE) {
  return useQuery({
    queryKey: ideaKeys.list(pageNum, pageSize),
    queryFn: ({ signal }) => fetchIdeaReports(pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => isGenerating(r)) ? REPORT_LIST_REFRESH_MS : false),
  });
}

export function useHotspotSubject(id: string | null) {
  return useQuery({
    queryKey: ideaKeys.hotspot(id ?? ''),
    queryFn: ({ signal }) => fetchHotspotSubject(id as string, signal),
    enabled: !!id,
  });
}

/** Starts a report: the coins are reserved at once, so the balance is refreshed. */
export function useCreateIdeaReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createIdeaReport,
    onSuccess: (report) => {
      qc.setQueryData(ideaKeys.one(report.id), report);
      void qc.invalidateQueries({ queryKey: ['idea-reports', 'list'] });
      void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
    },
    onError: (e) => {
      if (isApiError(e) && e.error === 'INSUFFICIENT_LINGSHI') openLingshiReminder();
    },
  });
}

/** Cancels a report being written; an unspent stage's coins go back, so the balance is refreshed. */
export function useCancelIdeaReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelIdeaReport,
    onSuccess: (report) => {
      qc.setQueryData(ideaKeys.one(report.id), report);
      void qc.invalidateQueries({ queryKey: ['idea-reports', 'list'] });
      void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
    },
    onSettled: (_r, _e, id) => void qc.invalidateQueries({ queryKey: ideaKeys.one(id) }),
  });
}
