/**
 * Generation tasks, shared by every generation page:
 * POST /api/tasks, GET /api/tasks/{id} (polled), GET /api/tasks (history).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, request } from './client';
import { openLingshiReminder } from '../membershipReminder';
import { USER_INFO_QUERY_KEY } from '../session';
import type { components } from './schema';

type Schemas = components['schemas'];

/** Error ids the API may use for "not enough coins" (not in its catalogue yet). */
export const INSUFFICIENT_LINGSHI_ERRORS: readonly string[] = ['INSUFFICIENT_LINGSHI'];

export type TaskStatus = Schemas['TaskStatus'];
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['SUCCESS', 'FAILED', 'TIMEOUT'];
export const POLL_INTERVAL_MS = 2000;
export const DEFAULT_PAGE_SIZE = 10;
/** History lists refresh while one of their tasks is unfinished. */
export const LIST_REFRESH_MS = 5000;

export function isTerminal(status: string | null | undefined): boolean {
  return !!status && (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether a task's lingshi went back to its owner: the server refunds every
 * task that ends without success (FAILED, TIMEOUT; a stopped task is
 * FAILED). The task carries no flag of its own.
 */
export function isRefunded(task: Pick<Task, 'status'>): boolean {
  return task.status === 'FAILED' || task.status === 'TIMEOUT';
}

/** One result file (`durationMs` on video results only). */
export type TaskResult = Schemas['ResultDto'];

/**
 * A task as the API sends it (TaskDto), except `params`: the API describes
 * it as any JSON (the submitted options), the web reads only these two.
 */
export type Task = Omit<Schemas['TaskDto'], 'params'> & {
  params?: { imageUrl?: string; model?: string } | null;
};

/**
 * `GET /api/tasks` data. The API's PageDto<TaskDto> has no schema of its
 * own (it is inlined in Envelope_PageDto_TaskDto), and its tasks carry the
 * generic `params`; the page is written here over `Task`.
 */
export interface TaskPage {
  list: Task[];
  total: number;
}

export interface CreateTaskBody<P> {
  bizType: string;
  params: P;
}

export type CreatedTask = Schemas['SubmittedDto'];

export const taskKeys = {
  all: ['tasks'] as const,
  detail: (taskId: string) => ['tasks', 'detail', taskId] as const,
  /** bizType '' lists every type (creation space). */
  list: (bizType: string, pageSize: number) => ['tasks', 'list', bizType, pageSize] as const,
};

export function fetchTask(taskId: string, signal?: AbortSignal): Promise<Task> {
  return request<Task>(`/tasks/${encodeURIComponent(taskId)}`, { signal });
}

export function fetchTaskPage(bizType: string, pageNum: number, pageSize: number, signal?: AbortSignal): Promise<TaskPage> {
  return request<TaskPage>('/tasks', { query: { pageNum, pageSize, bizType }, signal });
}

export function createTask<P>(body: CreateTaskBody<P>): Promise<CreatedTask> {
  return request<CreatedTask>('/tasks', { method: 'POST', body });
}

/**
 * Polls a task every 2 s until its status is terminal. `poll: false` while
 * something else keeps the cached task current (its event stream, see
 * `useTaskStream`): it is then fetched once, not polled.
 */
export function useTask(taskId: string | null, { poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: taskKeys.detail(taskId ?? ''),
    queryFn: ({ signal }) => fetchTask(taskId as string, signal),
    enabled: !!taskId,
    refetchInterval: (q) => (!poll || isTerminal(q.state.data?.status) ? false : POLL_INTERVAL_MS),
    staleTime: 0,
  });
}

/** `POST /api/tasks/{taskId}/stop`: ends an unfinished task and returns its lingshi; answers the task. */
export function stopTask(taskId: string): Promise<Task> {
  return request<Task>(`/tasks/${encodeURIComponent(taskId)}/stop`, { method: 'POST' });
}

/** Stops a task: the stopped task goes into the cache, the lists and the coin count are refreshed. */
export function useStopTask(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => stopTask(taskId),
    onSuccess: (task) => {
      if (task && typeof task === 'object' && task.taskId === taskId) qc.setQueryData(taskKeys.detail(taskId), task);
      else void qc.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
      void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
      void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
    },
  });
}

/** A user's tasks of one type, page 1 first; later pages append. */
export function useTaskHistory(bizType: string, enabled: boolean, pageSize = DEFAULT_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: taskKeys.list(bizType, pageSize),
    queryFn: ({ pageParam, signal }) => fetchTaskPage(bizType, pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + (p.list?.length ?? 0), 0);
      return loaded < (last.total ?? 0) && (last.list?.length ?? 0) > 0 ? pages.length + 1 : undefined;
    },
    enabled,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.list?.some((task) => !isTerminal(task.status))) ? LIST_REFRESH_MS : false,
  });
}

export function useCreateTask<P>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody<P>) => createTask(body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
    },
    onError: (e) => {
      // Not enough coins: the membership/lingshi reminder explains where to top up.
      if (isApiError(e) && INSUFFICIENT_LINGSHI_ERRORS.includes(e.error)) openLingshiReminder();
    },
  });
}

/**
 * Creates a task of one type: `submit(params, onCreated)`. The cost is
 * reserved at once, so the coin count is refreshed.
 */
export function useSubmitTask<P>(bizType: string) {
  const qc = useQueryClient();
  const create = useCreateTask<P>();
  return {
    ...create,
    submit: (params: P, onCreated: (taskId: string) => void) =>
      create.mutate(
        { bizType, params },
        {
          onSuccess: (r) => {
            void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
            onCreated(r.taskId);
          },
        },
      ),
  };
}
