import { Link } from 'react-router';
import { bizTypeLabel } from '../../../lib/bizTypes';
import { formatDateTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useRecentTasks } from '../api/workbench';
import { PanelState } from './PanelState';

/** The user's five latest tasks of any type; the creation space has them all. */
export function RecentTasks() {
  const { t, lang } = useI18n();
  const tasks = useRecentTasks();
  const list = tasks.data ?? [];
  return (
    <section className="panel workbench-panel" data-testid="workbench-tasks">
      <header className="workbench-panel-head">
        <h2 className="panel-title">{t('workbench.tasks')}</h2>
        <Link to="/personal-center" data-testid="workbench-tasks-more">
          {t('workbench.tasks.more')}
        </Link>
      </header>
      {tasks.isError ? (
        <PanelState error onRetry={() => void tasks.refetch()} />
      ) : tasks.isPending ? (
        <PanelState />
      ) : list.length === 0 ? (
        <p className="muted" data-testid="workbench-tasks-empty">
          {t('workbench.tasks.empty')}
        </p>
      ) : (
        <ul className="workbench-list">
          {list.map((task) => (
            <li key={task.taskId} className="workbench-task" data-testid="workbench-task" data-status={task.status}>
              <span className="workbench-task-type">{bizTypeLabel(task.bizType, t)}</span>
              <span className={`status-dot status-${task.status.toLowerCase()}`}>{t(`task.status.${task.status}`)}</span>
              <time className="muted workbench-meta" dateTime={task.createdAt}>
                {formatDateTime(task.createdAt, lang)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
