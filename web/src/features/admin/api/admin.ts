/**
 * The admin API (`/api/admin/...`, admin role only): nodes, queue depths,
 * pools, node actions and task cancel. Lists refresh every 3 s.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

export type NodeStatus = 'live' | 'stale' | 'draining' | 'paused' | 'offline';
export type NodeAction = 'drain' | 'pause' | 'resume';

export interface FleetNode {
  id: string;
  host: string;
  version: string;
  device: string;
  pool: string;
  bizTypes: string[];
  concurrency: number;
  status: NodeStatus;
  desiredState: 'active' | 'paused' | 'draining';
  currentJobs: number;
  jobsDone: number;
  jobsFailed: number;
  throughputPerMin: number;
  load: number;
  metricsAddr: string | null;
  /** Registry ids of the models it loaded (model registry). */
  models?: string[];
  /** Task types it does not serve, with the model ids it lacks. */
  missingModels?: Record<string, string[]>;
  /** Its diffusion model, on which device, and the memory its weights hold. */
  diffusion?: DiffusionReport | null;
  startedAt: string;
  lastHeartbeatAt: string;
}

export interface DiffusionReport {
  model: string;
  /** `cpu` or `cuda:<n>`. */
  device: string;
  weightBytes: number;
  inpainting: boolean;
}

export interface QueueDepth {
  bizType: string;
  pool: string;
  lane: string;
  queue: string;
  waiting: number;
  dispatched: number;
  running: number;
  redisDepth: number | null;
}

export interface PoolRow {
  pool: string;
  tenants: number[];
  liveWorkers: number;
  liveConcurrency: number;
  queuedTasks: number;
  runningTasks: number;
  noLiveWorker: boolean;
  stranded: boolean;
  /** Task types no node of the pool served recently, and the models its nodes lack. */
  lacking?: PoolLacking[];
}

export interface PoolLacking {
  bizType: string;
  state: 'modelMissing' | 'noWorker' | 'notAllowed';
  missingModels: string[];
}

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
      request<{ taskId: string; status: string }>(`/admin/tasks/${encodeURIComponent(taskId)}/cancel`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
