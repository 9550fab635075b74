/**
 * GET /api/calendar (docs/MARKETING.md, "Calendar"): one month of festivals,
 * solar terms and platform marketing nodes, with the State Council's days
 * off. Not in the generated client yet, so its types are declared here.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type CalendarKind = Schemas['CalendarKind'];

/** Every kind, in the order the filters show them (all of them is the API's default). */
export const CALENDAR_KINDS: readonly CalendarKind[] = ['festival', 'solar_term', 'platform_node'];

export type CalendarEntry = Schemas['CalendarEntry'];

export type HolidayMark = Schemas['HolidayMark'];

export type CalendarDay = Schemas['CalendarDay'];

export type CalendarMonth = Schemas['CalendarMonth'];

export interface CalendarQuery {
  year: number;
  /** 1–12 */
  month: number;
  types: readonly CalendarKind[];
  showActivityDesc: boolean;
}

/** Kinds in a fixed order, so that the same choice is the same query key. */
function typesParam(types: readonly CalendarKind[]): string {
  return CALENDAR_KINDS.filter((k) => types.includes(k)).join(',');
}

export const calendarKey = (q: CalendarQuery) => ['calendar', q.year, q.month, typesParam(q.types), q.showActivityDesc] as const;

export function fetchCalendarMonth(q: CalendarQuery, signal?: AbortSignal): Promise<CalendarMonth> {
  return request<CalendarMonth>('/calendar', {
    query: {
      year: q.year,
      month: q.month,
      calendarMarketingTypes: typesParam(q.types),
      showActivityDesc: q.showActivityDesc,
    },
    signal,
    silent: true,
  });
}

/**
 * One month. The previous month stays on screen while the next one loads,
 * so the grid does not collapse between months.
 */
export function useCalendarMonth(q: CalendarQuery, enabled: boolean) {
  return useQuery({
    queryKey: calendarKey(q),
    queryFn: ({ signal }) => fetchCalendarMonth(q, signal),
    enabled,
    staleTime: 3_600_000,
    placeholderData: keepPreviousData,
  });
}
