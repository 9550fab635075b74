import { isRefunded, type Task } from '../lib/api/tasks';
import { useI18n } from '../lib/i18n';
import { copySnippet, readCopy, textResults } from '../lib/textCopy';
import { textTaskSource } from '../lib/textTask';

/**
 * A text task in a history grid, never a picture: a finished task's first
 * answer as a few lines; else what it was written from, its status, and,
 * when it failed, the server's message and that the coins were returned.
 */
export function TextTaskThumb({ task }: { task: Task }) {
  const { t } = useI18n();
  const answer = task.status === 'SUCCESS' ? textResults(task.results)[0] : undefined;
  if (answer) {
    return (
      <span className="history-thumb text-thumb">
        <span className="history-text-snippet" data-testid="history-text-snippet">
          {copySnippet(readCopy(answer.copy)) || t('task.status.SUCCESS')}
        </span>
      </span>
    );
  }
  const source = textTaskSource(task);
  const refunded = isRefunded(task);
  return (
    <span className="history-thumb text-thumb text-card" data-testid="history-text-card">
      {source && (
        <span className="history-text-snippet history-text-source" data-testid="history-text-source">
          {source}
        </span>
      )}
      <span className="history-text-status">
        <span className={`status-badge status-${task.status.toLowerCase()}`}>{t(`task.status.${task.status}`)}</span>
      </span>
      {refunded && task.errorMsg && (
        <span className="history-text-error" data-testid="history-text-error">
          {task.errorMsg}
        </span>
      )}
      {refunded && (
        <span className="history-text-refunded" data-testid="history-refunded">
          {t('history.refunded')}
        </span>
      )}
    </span>
  );
}
