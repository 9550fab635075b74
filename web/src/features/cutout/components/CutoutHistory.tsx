import { BlobImage } from '../../../components/BlobImage';
import type { Task } from '../../../lib/api/tasks';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCutoutHistory } from '../api/cutoutTasks';

interface CutoutHistoryProps {
  activeTaskId: string | null;
  onSelect: (task: Task) => void;
}

/** The user's cutouts, newest first as the server lists them. */
export function CutoutHistory({ activeTaskId, onSelect }: CutoutHistoryProps) {
  const { t } = useI18n();
  const { user } = useSession();
  const history = useCutoutHistory(!!user);
  const tasks = history.data?.pages.flatMap((p) => p.list ?? []) ?? [];

  return (
    <section className="panel history" data-testid="history">
      <h2 className="panel-title">{t('history.title')}</h2>
      {!user ? (
        <p className="muted">{t('history.loginHint')}</p>
      ) : history.isPending ? (
        <p className="muted">{t('history.loading')}</p>
      ) : tasks.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <>
          <ul className="history-grid">
            {tasks.map((task) => (
              <li key={task.taskId}>
                <HistoryItem task={task} active={task.taskId === activeTaskId} onSelect={onSelect} />
              </li>
            ))}
          </ul>
          {history.hasNextPage && (
            <button
              type="button"
              className="button ghost"
              data-testid="history-more"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? t('history.loading') : t('history.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function HistoryItem({ task, active, onSelect }: { task: Task; active: boolean; onSelect: (task: Task) => void }) {
  const { t } = useI18n();
  const thumb = task.status === 'SUCCESS' ? task.results?.find((r) => r.kind === 'image') : undefined;
  return (
    <button
      type="button"
      className={active ? 'history-item active' : 'history-item'}
      data-testid="history-item"
      data-task-id={task.taskId}
      data-status={task.status}
      aria-pressed={active}
      onClick={() => onSelect(task)}
    >
      <span className="history-thumb checkerboard">
        {thumb ? (
          <BlobImage url={thumb.url} alt="" loading="lazy" />
        ) : (
          <span className={`status-badge status-${task.status.toLowerCase()}`}>{t(`task.status.${task.status}`)}</span>
        )}
      </span>
      <span className="history-meta">
        <span className={`status-dot status-${task.status.toLowerCase()}`} data-testid="history-status">
          {t(`task.status.${task.status}`)}
        </span>
        <span className="history-date">{formatDate(task.createdAt)}</span>
      </span>
    </button>
  );
}
