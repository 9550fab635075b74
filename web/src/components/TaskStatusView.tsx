import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api/client';
import { isTerminal, useTask, type Task } from '../lib/api/tasks';
import { useI18n } from '../lib/i18n';
import { displayProgress } from '../lib/progress';
import { USER_INFO_QUERY_KEY } from '../lib/session';
import { useNow } from '../lib/useNow';
import { ProgressBar } from './ProgressBar';
import { StopTaskButton } from './StopTaskButton';

export interface TaskStatusText {
  /** The progress bar's label. */
  generating: string;
  /** The failure headline. */
  failed: string;
  /** The headline of a TIMEOUT; `failed` when not given. */
  timeout?: string;
}

interface TaskStatusViewProps {
  taskId: string;
  /** When the task started (ms since epoch), for the simulated progress. */
  startedAt: number;
  text: TaskStatusText;
  /** Also name the status (queued / running) under the bar. */
  showStatus?: boolean;
  /** Poll the task (default); false while its event stream keeps the cache current (`useTaskStream`). */
  poll?: boolean;
  /** Offer the stop button (the lingshi are returned) while the task runs. */
  stoppable?: boolean;
  /** Shown under the bar while the task runs (e.g. its answers as they stream). */
  running?: (task: Task) => ReactNode;
  /** Shown above the bar, the results or the failure, once the task is known (e.g. what the worker read from the input). */
  before?: (task: Task) => ReactNode;
  /** A failure's own wording (by its errorCode): its headline, and what follows the server's message. */
  failure?: (task: Task) => TaskFailureText | null;
  /** The results of a SUCCESS. */
  children: (task: Task) => ReactNode;
}

export interface TaskFailureText {
  headline?: string;
  /** The headline says what the server's message says (in the page's language): leave the message out. */
  replacesMessage?: boolean;
  detail?: ReactNode;
}

/**
 * One generation task of any type: polled, a progress bar while it runs,
 * then the page's results or the failure (with the server's errorMsg when
 * it says more than the headline).
 */
export function TaskStatusView({ taskId, startedAt, text, showStatus = false, poll = true, stoppable = false, running, before, failure, children }: TaskStatusViewProps) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { data: task, error } = useTask(taskId, { poll });
  const terminal = isTerminal(task?.status);
  const now = useNow(500, !terminal);

  useEffect(() => {
    if (!terminal) return;
    // Refresh history statuses, and the coin count (a failure refunds).
    void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
    void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
  }, [terminal, qc]);

  if (!task) {
    if (error) {
      return (
        <div className="task-failure" data-testid="task-error" role="alert">
          {isApiError(error) ? error.msg : t('error.server')}
        </div>
      );
    }
    return <ProgressBar value={0} label={text.generating} testId="task-progress" />;
  }

  const head = before?.(task);
  if (!terminal) {
    return (
      <>
        {head}
        <div className="task-running" data-task-id={task.taskId}>
          <ProgressBar value={displayProgress(task.status, task.progress, now - startedAt)} label={text.generating} testId="task-progress" />
          {(showStatus || stoppable) && (
            <div className="task-running-bar">
              {showStatus && (
                <p className="muted" data-testid="task-status">
                  {t(`task.status.${task.status}`)}
                </p>
              )}
              {stoppable && <StopTaskButton taskId={task.taskId} />}
            </div>
          )}
          {running?.(task)}
        </div>
      </>
    );
  }

  if (task.status === 'SUCCESS') {
    return (
      <>
        {head}
        {children(task)}
      </>
    );
  }

  const own = failure?.(task) ?? null;
  const headline = own?.headline ?? (task.status === 'TIMEOUT' && text.timeout ? text.timeout : text.failed);
  return (
    <>
      {head}
      <div className="task-failure" data-testid="task-error" data-task-id={task.taskId} data-error-code={task.errorCode ?? undefined} role="alert">
        <strong>{headline}</strong>
        {task.errorMsg && task.errorMsg !== headline && !own?.replacesMessage && (
          <p className="muted" data-testid="task-error-detail">
            {task.errorMsg}
          </p>
        )}
        {own?.detail}
      </div>
    </>
  );
}
