/**
 * The marketing statistics (docs/MARKETING.md, "Statistics"):
 * - GET /api/marketing/statistics?from&to&scope → the figures below;
 * - GET /api/marketing/statistics.csv (same query) → a CSV download.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiUrl, request } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/download';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type StatisticsScope = Schemas['StatisticsScope'];

export type StatisticsTotals = Schemas['StatisticsTotals'];

export type TypeFigures = Schemas['TypeFigures'];

export type PlatformFigures = Schemas['PlatformFigures'];

export type DayFigures = Schemas['DayFigures'];

export type MarketingStatistics = Schemas['MarketingStatistics'];

export interface StatisticsQuery {
  /** Inclusive, YYYY-MM-DD. */
  from: string;
  to: string;
  scope: StatisticsScope;
}

export const statisticsKey = (q: StatisticsQuery) => ['marketing-statistics', q.from, q.to, q.scope] as const;

const query = (q: StatisticsQuery) => ({ from: q.from, to: q.to, scope: q.scope });

/** Silent: the page says a failure (MARKETING_NO_TENANT among them) in place. */
export const fetchStatistics = (q: StatisticsQuery, signal?: AbortSignal) =>
  request<MarketingStatistics>('/marketing/statistics', { query: query(q), signal, silent: true });

export const statisticsCsvUrl = (q: StatisticsQuery) => apiUrl('/marketing/statistics.csv', query(q));

/** The name the server gives the file (its Content-Disposition is not readable from a Blob). */
export const statisticsCsvName = (q: StatisticsQuery) => `pixmart-statistics-${q.from}-${q.to}.csv`;

export const STATISTICS_CSV_ITEM = 'marketing-statistics-csv';

/** Fetched with the bearer header, like every protected download. */
export const downloadStatisticsCsv = (q: StatisticsQuery) => downloadFile(STATISTICS_CSV_ITEM, statisticsCsvUrl(q), statisticsCsvName(q));

/** The figures of a range; the previous range stays on screen while the next one loads. */
export function useStatistics(q: StatisticsQuery | null) {
  return useQuery({
    queryKey: statisticsKey(q ?? { from: '', to: '', scope: 'mine' }),
    queryFn: ({ signal }) => fetchStatistics(q as StatisticsQuery, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}
