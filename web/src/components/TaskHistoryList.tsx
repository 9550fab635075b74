import { TaskThumb } from './TaskThumb';
import { useTaskHistory, type Task, type TaskResult } from '../lib/api/tasks';
import { bizTypeLabel } from '../lib/bizTypes';
import { useDownloads } from '../lib/download';
import { formatDate } from '../lib/format';
import { useI18n, type MessageKey } from '../lib/i18n';
import { useSession } from '../lib/session';
import { isTextResult } from '../lib/textCopy';
import { taskFileName, taskMainFile } from '../lib/taskMedia';

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
  const { t, lang } = useI18n();
  const downloads = useDownloads();
  const file = taskMainFile(task);
  const itemId = `history:${task.taskId}`;
  const busy = downloads.isDownloading(itemId);
  const status = (
    <span className={`status-dot status-${task.status.toLowerCase()}`} data-testid="history-status">
      {t(`task.status.${task.status}`)}
    </span>
  );
  const body = (
    <>
      <TaskThumb task={task} />
      <span className="history-meta">
        {showType ? <span className="history-type">{bizTypeLabel(task.bizType, t)}</span> : status}{' '}
        <time className="history-date" dateTime={task.createdAt ?? undefined}>
          {formatDate(task.createdAt, lang)}
        </time>
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
      {download && file && (
        <button
          type="button"
          className="button ghost small block"
          data-testid="history-download"
          disabled={busy}
          onClick={() => void downloads.download(itemId, file.url, taskFileName(task, file))}
        >
          {busy ? t('download.inProgress') : t(downloadLabel(file))}
        </button>
      )}
    </div>
  );
}

/** What the download button says: a clip, a text answer, or an image. */
function downloadLabel(file: TaskResult): MessageKey {
  if (file.kind === 'video') return 'history.downloadVideo';
  return isTextResult(file) ? 'history.downloadText' : 'history.download';
}
