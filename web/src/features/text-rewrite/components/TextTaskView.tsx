import type { ReactNode } from 'react';
import { TaskStatusView, type TaskFailureText, type TaskStatusText } from '../../../components/TaskStatusView';
import { useTaskStream, type LiveText } from '../../../lib/api/taskEvents';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { isTextResult } from '../../../lib/textCopy';
import { TextResultCard } from './TextResultCard';

interface TextTaskViewProps {
  taskId: string;
  bizType: string;
  startedAt: number;
  /** The progress bar's label, when the page says more than "rewriting" (reading images, transcribing). */
  generating?: string;
  /** Shown above the answers in every state (the media pages: what the worker read from the input). */
  before?: (task: Task) => ReactNode;
  /** A coded failure's own wording (the media pages: no text in the images, no speech in the video). */
  failure?: (task: Task) => TaskFailureText | null;
}

/**
 * One rewrite task: its answers stream in as they are written (the raw text
 * growing, with a caret), then each is laid out for its platform. The
 * stream feeds the task's cache; should it fail, the task is polled instead.
 */
export function TextTaskView({ taskId, bizType, startedAt, generating, before, failure }: TextTaskViewProps) {
  const { t } = useI18n();
  const stream = useTaskStream(taskId);
  const text: TaskStatusText = { generating: generating ?? t('rewrite.generating'), failed: t('rewrite.failed'), timeout: t('rewrite.timeout') };
  return (
    <TaskStatusView
      taskId={taskId}
      startedAt={startedAt}
      text={text}
      poll={stream.poll}
      before={before}
      failure={failure}
      stoppable
      running={(task) => <LiveAnswers task={task} texts={stream.texts} />}
    >
      {(task) => <TextResults task={task} bizType={bizType} live={stream.texts} />}
    </TaskStatusView>
  );
}

function LiveAnswers({ task, texts }: { task: Task; texts: readonly (LiveText | undefined)[] }) {
  const { t } = useI18n();
  const started = texts.flatMap((live, index) => (live ? [{ live, index }] : []));
  if (started.length === 0) return null;
  return (
    <div className="live-answers" data-testid="live-answers" data-status={task.status}>
      {started.map(({ live, index }) => (
        <article key={index} className="text-result live" data-index={index}>
          <header className="text-result-head">
            <span className="text-result-version">{t('rewrite.version', { n: index + 1 })}</span>
            {live.attempt > 0 && (
              <span className="live-rewriting" data-testid="live-rewriting" role="status">
                {t('rewrite.rewriting')}
              </span>
            )}
          </header>
          <div className="live-text" data-testid="live-text" data-attempt={live.attempt} aria-live="off">
            {live.text}
            <span className="live-caret" aria-hidden="true" />
          </div>
        </article>
      ))}
    </div>
  );
}

function TextResults({ task, bizType, live }: { task: Task; bizType: string; live: readonly (LiveText | undefined)[] }) {
  return (
    <div className="text-results" data-testid="task-result" data-task-id={task.taskId}>
      {((task.results ?? []) as readonly unknown[]).map((r, index) =>
        isTextResult(r) ? (
          <TextResultCard key={index} taskId={task.taskId} bizType={task.bizType || bizType} index={index} result={r} liveText={live[index]?.text} />
        ) : null,
      )}
    </div>
  );
}
