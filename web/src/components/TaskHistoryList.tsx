import { BlobImage } from './BlobImage';
import { useTaskHistory, type Task } from '../lib/api/tasks';
import { useDownloads } from '../lib/download';
import { formatDate } from '../lib/format';
import { messages, useI18n, type MessageKey } from '../lib/i18n';
import { useSession } from '../lib/session';

interface TaskHistoryListProps {
  /** One task type, or all of them (creation space). */
  bizType?: string;
  title: string;
  activeTaskId?: string | null;
  onSelect?: (task: Task) => void;
  /** Per-item download buttons (creation space). */
  downloads?: boolean;
  emptyText?: string;
  testId?: string;
}

export function bizTypeLabel(bizType: string, t: (k: MessageKey) => string): string {
  const key = `bizType.${bizType}`;
  return key in messages ? t(key as MessageKey) : bizType;
}

/** A user's tasks, newest first as the server lists them; later pages append. */
export function TaskHistoryList({ bizType, title, activeTaskId = null, onSelect, downloads, emptyText, testId = 'history' }: TaskHistoryListProps) {
  const { t } = useI18n();
  const { user } = useSession();
  const history = useTaskHistory(bizType ?? '', !!user);
  const tasks = history.data?.pages.flatMap((p) => p.list ?? []) ?? [];

  return (
    <section className="panel history" data-testid={testId}>
      <h2 className="panel-title">{title}</h2>
      {!user ? (
        <p className="muted">{t('history.loginHint')}</p>
      ) : history.isPending ? (
        <p className="muted">{t('history.loading')}</p>
      ) : tasks.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {emptyText ?? t('history.empty')}
        </p>
      ) : (
        <>
          <ul className="history-grid">
            {tasks.map((task) => (
              <li key={task.taskId}>
                <HistoryItem
                  task={task}
                  active={task.taskId === activeTaskId}
                  onSelect={onSelect}
                  showType={!bizType}
                  download={downloads}
                />
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

interface HistoryItemProps {
  task: Task;
  active: boolean;
  onSelect?: (task: Task) => void;
  showType: boolean;
  download?: boolean;
}

function HistoryItem({ task, active, onSelect, showType, download }: HistoryItemProps) {
  const { t } = useI18n();
  const downloads = useDownloads();
  const image = task.status === 'SUCCESS' ? task.results?.find((r) => r.kind === 'image') : undefined;
  const itemId = `history:${task.taskId}`;
  const busy = downloads.isDownloading(itemId);
  const status = (
    <span className={`status-dot status-${task.status.toLowerCase()}`} data-testid="history-status">
      {t(`task.status.${task.status}`)}
    </span>
  );
  const body = (
    <>
      <span className="history-thumb checkerboard">
        {image ? (
          <BlobImage url={image.url} alt="" loading="lazy" />
        ) : (
          <span className={`status-badge status-${task.status.toLowerCase()}`}>{t(`task.status.${task.status}`)}</span>
        )}
      </span>
      <span className="history-meta">
        {showType ? <span className="history-type">{bizTypeLabel(task.bizType, t)}</span> : status}
        <span className="history-date">{formatDate(task.createdAt)}</span>
      </span>
    </>
  );
  const attrs = {
    'data-testid': 'history-item',
    'data-task-id': task.taskId,
    'data-status': task.status,
  };
  return (
    <div className="history-cell">
      {onSelect ? (
        <button
          type="button"
          className={active ? 'history-item active' : 'history-item'}
          aria-pressed={active}
          onClick={() => onSelect(task)}
          {...attrs}
        >
          {body}
        </button>
      ) : (
        <div className="history-item" {...attrs}>
          {body}
        </div>
      )}
      {download && image && (
        <button
          type="button"
          className="button ghost small block"
          data-testid="history-download"
          disabled={busy}
          onClick={() => void downloads.download(itemId, image.url, `${task.bizType.toLowerCase()}-${task.taskId}.png`)}
        >
          {busy ? t('download.inProgress') : t('history.download')}
        </button>
      )}
    </div>
  );
}
