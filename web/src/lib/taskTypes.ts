/**
 * Prices and option limits per task type, as the API serves them at
 * `GET /api/task-types` (public, the same for every caller). The web keeps
 * no copy of a price or a bound: a page shows no price until this arrives
 * (never a stale one), and the API's answer to a submit stays the authority.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from './api/client';
import type { components } from './api/schema';

type Schemas = components['schemas'];

/**
 * Which kind of worker runs a type (the API's JobFamily), with `text` (the
 * text-rewrite types). Until the OpenAPI types carry it: then `Schemas['JobFamily']` alone.
 */
export type TaskFamily = Schemas['JobFamily'] | 'text';

/**
 * A price charged per generated answer: lingshi × genNum (the text-rewrite
 * types). Until the OpenAPI types carry it: then `Schemas['PriceRule']` alone.
 */
export type PerResultPrice = { rule: 'perResult'; lingshi: number };

/**
 * How a type is charged, in lingshi: per task, × generated images (genNum)
 * and × products in a batch, × generated answers (genNum), or by resolution.
 */
export type PriceRule = Schemas['PriceRule'] | PerResultPrice;
export type Resolution = Exclude<keyof Extract<PriceRule, { rule: 'byResolution' }>, 'rule'>;

/** A type's family, price and option bounds by name (genNumMax, erodeMax, topNDefault…). */
export type TaskTypeInfo = Omit<Schemas['TaskTypeDto'], 'family' | 'price'> & { family: TaskFamily; price: PriceRule };

/**
 * The answer after `normalizeTaskTypes`. The API's TaskTypesDto types
 * `limits` as GlobalLimitsDto (`{maxBatchItems}`); the web keeps every
 * numeric global limit by name, like a type's limits.
 */
export interface TaskTypes {
  taskTypes: Record<string, TaskTypeInfo>;
  /** Limits that are not one type's (maxBatchItems). */
  limits: Record<string, number>;
}

const FAMILIES: readonly TaskFamily[] = ['segment', 'compose', 'diffusion', 'qr', 'video', 'text'];
const RESOLUTIONS: readonly Resolution[] = ['480p', '720p'];

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The numeric entries only: a malformed bound is unknown, not zero. */
function numbers(raw: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
}

function readPrice(raw: unknown): PriceRule | null {
  const p = (raw ?? {}) as Record<string, unknown>;
  if ((p.rule === 'perTask' || p.rule === 'perImage' || p.rule === 'perResult') && isCount(p.lingshi)) return { rule: p.rule, lingshi: p.lingshi };
  if (p.rule === 'byResolution' && RESOLUTIONS.every((r) => isCount(p[r]))) {
    return { rule: 'byResolution', '480p': p['480p'] as number, '720p': p['720p'] as number };
  }
  return null;
}

/**
 * Keeps the entries that are well formed: a type whose price the web cannot
 * read is left out, so its page shows no price rather than a wrong one.
 */
export function normalizeTaskTypes(raw: unknown): TaskTypes {
  const r = (raw ?? {}) as { taskTypes?: unknown; limits?: unknown };
  const taskTypes: Record<string, TaskTypeInfo> = {};
  if (r.taskTypes && typeof r.taskTypes === 'object') {
    for (const [bizType, v] of Object.entries(r.taskTypes)) {
      const e = (v ?? {}) as { family?: unknown; price?: unknown; limits?: unknown };
      const price = readPrice(e.price);
      if (!price || !FAMILIES.includes(e.family as TaskFamily)) continue;
      taskTypes[bizType] = { family: e.family as TaskFamily, price, limits: numbers(e.limits) };
    }
  }
  return { taskTypes, limits: numbers(r.limits) };
}

export const taskTypesKey = ['task-types'] as const;

export async function fetchTaskTypes(signal?: AbortSignal): Promise<TaskTypes> {
  // Silent: a page without the answer shows no price; it does not need a toast.
  return normalizeTaskTypes(await request<unknown>('/task-types', { signal, silent: true }));
}

/** Prices change with a deploy, not during a visit: read once an hour at most. */
const STALE_MS = 60 * 60 * 1000;

/** The task types; undefined while loading or when the answer could not be had. */
export function useTaskTypes(): { taskTypes: TaskTypes | undefined; loading: boolean } {
  const q = useQuery({ queryKey: taskTypesKey, queryFn: ({ signal }) => fetchTaskTypes(signal), staleTime: STALE_MS, gcTime: Infinity });
  return { taskTypes: q.data, loading: q.isPending };
}

export interface PriceInput {
  /** Generated images per task (genNum); 1 when left out. */
  images?: number;
  /** Generated answers per task (a text type's genNum); 1 when left out. */
  results?: number;
  /** Products (tasks) in a batch; 1 when left out. */
  products?: number;
  resolution?: Resolution;
}

const atLeastOne = (n: number | undefined) => Math.max(1, Math.round(n ?? 1));

/**
 * What a submission costs in lingshi, or null while the prices are unknown
 * (loading, failed, a type the server does not list, a video without its
 * resolution). Every product of a batch is its own task.
 */
export function priceOf(taskTypes: TaskTypes | undefined, bizType: string, input: PriceInput = {}): number | null {
  const price = taskTypes?.taskTypes[bizType]?.price;
  if (!price) return null;
  const tasks = atLeastOne(input.products);
  switch (price.rule) {
    case 'perTask':
      return price.lingshi * tasks;
    case 'perImage':
      return price.lingshi * atLeastOne(input.images) * tasks;
    case 'perResult':
      return price.lingshi * atLeastOne(input.results) * tasks;
    case 'byResolution':
      return input.resolution ? price[input.resolution] * tasks : null;
  }
}

/** Which kind of worker runs a type (`text` for the text family), or null while unknown. */
export function familyOf(taskTypes: TaskTypes | undefined, bizType: string): TaskFamily | null {
  return taskTypes?.taskTypes[bizType]?.family ?? null;
}

/** One of a type's option limits, or null while unknown. */
export function limitOf(taskTypes: TaskTypes | undefined, bizType: string, name: string): number | null {
  return taskTypes?.taskTypes[bizType]?.limits[name] ?? null;
}

/** A limit that is not one type's (maxBatchItems), or null while unknown. */
export function globalLimitOf(taskTypes: TaskTypes | undefined, name: string): number | null {
  return taskTypes?.limits[name] ?? null;
}

/**
 * Several of a type's limits at once, or null until all of them are known:
 * for a form that cannot be built without them.
 */
export function limitsOf<N extends string>(taskTypes: TaskTypes | undefined, bizType: string, names: readonly N[]): Record<N, number> | null {
  const out = {} as Record<N, number>;
  for (const n of names) {
    const v = limitOf(taskTypes, bizType, n);
    if (v === null) return null;
    out[n] = v;
  }
  return out;
}
