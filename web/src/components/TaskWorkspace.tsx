import { Fragment, type ComponentProps, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import type { TaskForm } from '../lib/useTaskForm';
import type { ShownTask } from '../lib/useTaskWorkspace';
import { GenerationWorkspace } from './GenerationWorkspace';
import { TaskHistoryList } from './TaskHistoryList';

type TaskWorkspaceProps = Omit<ComponentProps<typeof GenerationWorkspace>, 'stage' | 'history' | 'generate'> & {
  /** The task type, for the history. */
  bizType: string;
  /** From useTaskForm. */
  page: Pick<TaskForm<unknown>, 'workspace' | 'pending' | 'onGenerate'>;
  /** Lingshi, on the generate button (null while the prices load). */
  cost: number | null;
  /** The form waits for something (the server's limits) before it can be sent. */
  disabled?: boolean;
  /** The shown task's view (remounted for each task). */
  renderTask: (shown: ShownTask) => ReactNode;
  /** The stage before any task is shown. */
  empty: ReactNode;
  emptyClassName?: string;
  historyTitle?: string;
};

/** A one-task generation page: GenerationWorkspace with the shown task on the stage and the type's history below. */
export function TaskWorkspace({ bizType, page, cost, disabled, renderTask, empty, emptyClassName = 'stage-empty', historyTitle, ...rest }: TaskWorkspaceProps) {
  const { t } = useI18n();
  const { shown, select } = page.workspace;
  return (
    <GenerationWorkspace
      {...rest}
      generate={{ cost, disabled, pending: page.pending, onGenerate: page.onGenerate }}
      stage={
        shown ? (
          <Fragment key={shown.taskId}>{renderTask(shown)}</Fragment>
        ) : (
          <div className={emptyClassName}>
            <p>{empty}</p>
          </div>
        )
      }
      history={<TaskHistoryList bizType={bizType} title={historyTitle ?? t('history.title')} activeTaskId={shown?.taskId ?? null} onSelect={select} />}
    />
  );
}
