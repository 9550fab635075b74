import { ProgressBar } from '../../../components/ProgressBar';
import { isApiError } from '../../../lib/api/client';
import { isTerminal } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { displayProgress } from '../../../lib/progress';
import { useNow } from '../../../lib/useNow';
import type { PosterFill } from './usePosterFill';

/** The fill task under the button: progress while it runs, then what came of it. */
export function FillStatus({ fill }: { fill: PosterFill }) {
  const { t } = useI18n();
  const { shown, task, error, filled } = fill;
  const running = !!shown && !error && !isTerminal(task?.status);
  const now = useNow(500, running);
  if (!shown) return null;
  if (error && !task) {
    return (
      <div className="task-failure poster-fill-error" data-testid="poster-fill-error" role="alert">
        {isApiError(error) ? error.msg : t('error.server')}
      </div>
    );
  }
  if (running) {
    return (
      <div className="poster-fill-progress" data-testid="poster-fill-progress" data-task-id={shown.taskId}>
        <ProgressBar value={task ? displayProgress(task.status, task.progress, now - shown.startedAt) : 0} label={t('posterFill.writing')} />
      </div>
    );
  }
  if (task?.status === 'SUCCESS') {
    return (
      <p className="muted small poster-fill-done" data-testid="poster-fill-done" data-task-id={task.taskId} role="status">
        {filled ? t('posterFill.doneUndo', { n: filled }) : t('posterFill.nothing')}
      </p>
    );
  }
  // The server's message says what went wrong and that the coins came
  // back; ours stands in only when it sent none.
  return (
    <div className="task-failure poster-fill-error" data-testid="poster-fill-error" data-task-id={task?.taskId} data-error-code={task?.errorCode ?? undefined} role="alert">
      <strong data-testid="poster-fill-error-detail">{task?.errorMsg || t('posterFill.failed')}</strong>
    </div>
  );
}
