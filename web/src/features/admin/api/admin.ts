/**
 * The admin API (`/api/admin/...`, admin role only): nodes, queue depths,
 * pools, node actions and task cancel. Lists refresh every 3 s.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type NodeStatus = 'live' | 'stale' | 'draining' | 'paused' | 'offline';
export type NodeAction = 'drain' | 'pause' | 'resume';

/**
 * A worker node (NodeDto), except `status` and `desiredState`, which the
 * API's schema types as plain strings (its descriptions list the values the
 * web writes here).
 */
export type FleetNode = Omit<Schemas['NodeDto'], 'status' | 'desiredState'> & {
  status: NodeStatus;
  desiredState: 'active' | 'paused' | 'draining';
};

/** A node's diffusion model, on which device (`cpu` or `cuda:<n>`), and the memory its weights hold. */
export type DiffusionReport = Schemas['DiffusionReport'];

export type QueueDepth = Schemas['QueueDepthDto'];

/** A pool; `lacking`: task types no node of the pool served recently, and the models its nodes lack. */
export type PoolRow = Schemas['PoolDto'];

export type PoolLacking = Schemas['LackingDto'];

const REFRESH_MS = 3000;
export const adminKeys = {
  nodes: ['admin', 'nodes'] as const,
  queues: ['admin', 'queues'] as const,
  pools: ['admin', 'pools'] as const,
};

function list<T>(path: string) {
  return () => request<{ list: T[] }>(path, { silent: true }).then((d) => d.list);
}

export function useNodes() {
  return useQuery({ queryKey: adminKeys.nodes, queryFn: list<FleetNode>('/admin/nodes'), refetchInterval: REFRESH_MS });
}

export function useQueues(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.queues,
    queryFn: list<QueueDepth>('/admin/queues'),
    refetchInterval: REFRESH_MS,
    enabled,
  });
}

export function usePools(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.pools, queryFn: list<PoolRow>('/admin/pools'), refetchInterval: REFRESH_MS, enabled });
}

export function useNodeAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: NodeAction }) =>
      request<FleetNode>(`/admin/nodes/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.nodes }),
  });
}

export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) =>
      request<Schemas['TaskDto']>(`/admin/tasks/${encodeURIComponent(taskId)}/cancel`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
