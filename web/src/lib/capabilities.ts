/**
 * What the fleet can serve for the caller (`GET /api/capabilities`): per
 * task type (bizType) whether a worker in the caller's pool serves it, and
 * otherwise which model is missing and how an operator installs it. The
 * API refuses the same task types (MODEL_MISSING / MODEL_NOT_ALLOWED), so a page that is gated never shows a form that can
 * only fail.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from './api/client';
import type { components } from './api/schema';
import { useToken } from './session';

type Schemas = components['schemas'];

/**
 * - `available`: a live worker in the pool serves it.
 * - `waiting`: a worker served it recently but none is online now; tasks are
 *   accepted and wait for it.
 * - `modelMissing`: workers are known, none has the model(s): refused.
 * - `noWorker`: no worker has registered in the pool recently; nothing is
 *   known to be missing, tasks are accepted and wait for one.
 * - `notAllowed`: only non-commercial models serve it and the operator or
 *   tenant refuses those.
 */
export type CapabilityState = Schemas['CapabilityState'];

/** A model a node lacks: `install` says how an operator installs it, `reason` why a worker did not load it, when one said. */
export type MissingModel = Schemas['MissingModel'];

/**
 * One task type's capability (CapabilityDto), except `bizType`: the API
 * types it as its BizType enum; the web keeps any string, as it reads the
 * type from the answer's keys and passes on types it does not know.
 * `lackingPools`: admins only, the pools in which no worker serves this type.
 */
export type BizCapability = Omit<Schemas['CapabilityDto'], 'bizType'> & { bizType: string };

/** The caller's pool and, per task type (`bizType` key), whether it can run there. */
export type Capabilities = Omit<Schemas['CapabilitiesDto'], 'bizTypes'> & { bizTypes: Record<string, BizCapability> };

const STATES: readonly CapabilityState[] = ['available', 'waiting', 'modelMissing', 'noWorker', 'notAllowed'];

/** Fills what an answer leaves out, so readers need no checks. */
export function normalizeCapabilities(raw: unknown): Capabilities {
  const c = (raw ?? {}) as Partial<Capabilities>;
  const out: Record<string, BizCapability> = {};
  for (const [bizType, v] of Object.entries(c.bizTypes ?? {})) {
    const b = (v ?? {}) as Partial<BizCapability>;
    out[bizType] = {
      bizType,
      state: STATES.includes(b.state as CapabilityState) ? (b.state as CapabilityState) : 'available',
      missingModels: Array.isArray(b.missingModels)
        ? b.missingModels.map((m) => ({
            id: String(m.id ?? ''),
            name: String(m.name ?? m.id ?? ''),
            licence: String(m.licence ?? ''),
            commercialUse: m.commercialUse !== false,
            install: String(m.install ?? ''),
            reason: m.reason ?? null,
          }))
        : [],
      lackingPools: Array.isArray(b.lackingPools) ? b.lackingPools.map(String) : [],
    };
  }
  return { pool: typeof c.pool === 'string' ? c.pool : 'default', bizTypes: out };
}

export const capabilitiesKey = (token: string | null) => ['capabilities', token ?? ''] as const;

export async function fetchCapabilities(signal?: AbortSignal): Promise<Capabilities> {
  return normalizeCapabilities(await request<unknown>('/capabilities', { signal, silent: true }));
}

/** Re-read while a page is open, so a worker that starts unlocks the form. */
const REFRESH_MS = 15_000;

/** Everything the fleet can serve for the caller; undefined while loading or when unknown. */
export function useCapabilities(): { capabilities: Capabilities | undefined; loading: boolean } {
  const token = useToken();
  const q = useQuery({
    queryKey: capabilitiesKey(token),
    queryFn: ({ signal }) => fetchCapabilities(signal),
    refetchInterval: REFRESH_MS,
    staleTime: 5_000,
    retry: 1,
  });
  return { capabilities: q.data, loading: q.isPending };
}

/**
 * The capability of one task type. `capability` is null while loading and
 * when the answer could not be had (then the page shows its form and the
 * API's own answer to a submit stays the authority).
 */
export function useCapability(bizType: string): { capability: BizCapability | null; loading: boolean } {
  const { capabilities, loading } = useCapabilities();
  return { capability: capabilities?.bizTypes[bizType] ?? null, loading };
}
