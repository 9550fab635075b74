import { useStopTask } from '../lib/api/tasks';
import { useI18n } from '../lib/i18n';
import { toast } from '../lib/toast';

/**
 * Stops an unfinished task (`POST /api/tasks/{id}/stop`): the task ends as
 * stopped and its lingshi is returned ("停止生成，灵石已返还"). An error
 * (e.g. TASK_NOT_STOPPABLE, it just ended) is the client's toast.
 */
export function StopTaskButton({ taskId }: { taskId: string }) {
  const { t } = useI18n();
  const stop = useStopTask(taskId);
  return (
    <button
      type="button"
      className="button ghost small stop-task"
      data-testid="stop-task"
      disabled={stop.isPending}
      onClick={() => stop.mutate(undefined, { onSuccess: () => toast.success(t('task.stopped')) })}
    >
      {stop.isPending ? t('task.stopping') : t('task.stop')}
    </button>
  );
}
