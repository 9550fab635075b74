/**
 * The library's filters as the page holds them (dates as the date inputs
 * give them, `YYYY-MM-DD` in the viewer's time zone) and as the API takes
 * them: milliseconds since the epoch, the end exclusive, so the chosen end
 * date plus one day (its whole last day is included).
 */
import { ASSET_SCOPES, type AssetScope, type PosterAssetFilters, type PosterAssetKind } from '../../lib/api/posterAssets';

export type KindFilter = 'all' | PosterAssetKind;

export interface MaterialFilterState {
  kind: KindFilter;
  scope: AssetScope;
  /** `YYYY-MM-DD` or ''. */
  start: string;
  /** `YYYY-MM-DD` or ''. */
  end: string;
}

export const NO_FILTERS: MaterialFilterState = { kind: 'all', scope: 'all', start: '', end: '' };

export const isScope = (v: string): v is AssetScope => (ASSET_SCOPES as readonly string[]).includes(v);

/** Local midnight of a `YYYY-MM-DD` date plus `days`, in ms; undefined for '' or junk. */
export function dayStartMs(date: string, days = 0): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const ms = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether the range can be asked for (the server refuses a start after the end). */
export const rangeValid = (f: MaterialFilterState) => !f.start || !f.end || f.start <= f.end;

export function toAssetFilters(f: MaterialFilterState): PosterAssetFilters {
  const out: PosterAssetFilters = {};
  if (f.kind !== 'all') out.contentType = f.kind;
  if (f.scope !== 'all') out.scope = f.scope;
  const start = dayStartMs(f.start);
  const end = dayStartMs(f.end, 1);
  if (start !== undefined) out.updatedAtStart = start;
  if (end !== undefined) out.updatedAtEnd = end;
  return out;
}

export const hasFilters = (f: MaterialFilterState) => f.kind !== 'all' || f.scope !== 'all' || f.start !== '' || f.end !== '';

/** A file size for people: 512 B, 12.3 KB, 4.5 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
