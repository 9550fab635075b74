/**
 * What the workbench reads, all from APIs other pages use too:
 * - GET /api/hotspots?sort=rising&pageSize=5&kind=topic (today's rising topics);
 * - GET /api/calendar?year&month&showActivityDesc=true (this month and the next);
 * - GET /api/tasks?pageNum=1&pageSize=5 (the user's latest generations);
 * - GET /api/idea-reports?pageNum=1&pageSize=3 (the user's latest idea reports).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { fetchTaskPage, isTerminal, LIST_REFRESH_MS } from '../../../lib/api/tasks';
import type { YearMonth } from '../upcoming';

type Schemas = components['schemas'];
export type Hotspot = Schemas['Hotspot'];
export type CalendarMonth = Schemas['CalendarMonth'];

export const WORKBENCH_HOTSPOTS = 5;
export const WORKBENCH_TASKS = 5;
export const WORKBENCH_REPORTS = 3;

type HotspotPage = Schemas['HotspotPage'];

/** Silent: each panel says a failed load in place. */
export const fetchRisingHotspots = (signal?: AbortSignal) =>
  request<HotspotPage>('/hotspots', { query: { pageNum: 1, pageSize: WORKBENCH_HOTSPOTS, sort: 'rising', kind: 'topic' }, signal, silent: true });

export const fetchCalendarMonth = (m: YearMonth, signal?: AbortSignal) =>
  request<CalendarMonth>('/calendar', { query: { year: m.year, month: m.month, showActivityDesc: true }, signal, silent: true });

export function useRisingHotspots() {
  return useQuery({
    queryKey: ['workbench', 'hotspots'],
    queryFn: ({ signal }) => fetchRisingHotspots(signal).then((p) => p.list),
  });
}

/** The months in order; `data` once every one of them has loaded. */
export function useCalendarMonths(months: readonly YearMonth[]) {
  return useQueries({
    queries: months.map((m) => ({
      queryKey: ['workbench', 'calendar', m.year, m.month],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCalendarMonth(m, signal),
      staleTime: 3_600_000,
    })),
    combine: (results) => ({
      data: results.every((r) => r.data) ? results.map((r) => r.data as CalendarMonth) : undefined,
      isError: results.some((r) => r.isError),
      refetch: () => results.forEach((r) => void r.refetch()),
    }),
  });
}

/** Under ['tasks', 'list'], so a new task or a stop refreshes it as it does the histories. */
export function useRecentTasks() {
  return useQuery({
    queryKey: ['tasks', 'list', 'workbench', WORKBENCH_TASKS],
    queryFn: ({ signal }) => fetchTaskPage('', 1, WORKBENCH_TASKS, signal).then((p) => p.list ?? []),
    refetchInterval: (q) => (q.state.data?.some((task) => !isTerminal(task.status)) ? LIST_REFRESH_MS : false),
  });
}

/**
 * What the workbench shows of an idea report (the ideas page declares the
 * whole report; features do not import each other).
 */
export interface RecentReport {
  id: string;
  reportTitle: string;
  process: 'generating' | 'completed' | 'failed' | 'cancelled';
  createdAt: number;
}

export const fetchRecentReports = (signal?: AbortSignal) =>
  request<{ list: RecentReport[]; total: number }>('/idea-reports', { query: { pageNum: 1, pageSize: WORKBENCH_REPORTS }, signal, silent: true });

/** Under ['idea-reports', 'list'], so a new or cancelled report refreshes it too. */
export function useRecentReports() {
  return useQuery({
    queryKey: ['idea-reports', 'list', 'workbench', WORKBENCH_REPORTS],
    queryFn: ({ signal }) => fetchRecentReports(signal).then((p) => p.list ?? []),
    refetchInterval: (q) => (q.state.data?.some((r) => r.process === 'generating') ? LIST_REFRESH_MS : false),
  });
}
