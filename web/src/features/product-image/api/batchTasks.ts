import { useQueries } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, fetchTask, isTerminal, taskKeys, type Task } from '../../../lib/api/tasks';

/**
 * Every task of a batch, polled until it ends. Same keys as `useTask`, so
 * the result views and this share one request per task.
 */
export function useBatchTasks(taskIds: readonly string[]): Task[] {
  return useQueries({
    queries: taskIds.map((id) => ({
      queryKey: taskKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTask(id, signal),
      refetchInterval: (q: { state: { data?: Task } }) => (isTerminal(q.state.data?.status) ? false : POLL_INTERVAL_MS),
      staleTime: 0,
    })),
    combine: (results) => results.flatMap((r) => (r.data ? [r.data] : [])),
  });
}
