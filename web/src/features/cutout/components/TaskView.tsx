import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ProgressBar } from '../../../components/ProgressBar';
import { QualityActions } from '../../../components/QualityActions';
import { isApiError } from '../../../lib/api/client';
import { useBlobUrl } from '../../../lib/api/files';
import { isTerminal, type Task } from '../../../lib/api/tasks';
import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { displayProgress } from '../../../lib/progress';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { useNow } from '../../../lib/useNow';
import { useCutoutTask } from '../api/cutoutTasks';
import { cutoutFileName, maskFileName } from '../constants';
import { CompareView } from './CompareView';
import { MaskEditor } from './MaskEditor';

interface TaskViewProps {
  taskId: string;
  /** Local preview of the uploaded original, when this session uploaded it. */
  previewUrl: string | null;
  /** When the task started (ms since epoch), for the simulated progress. */
  startedAt: number;
}

/** One cutout task: progress while it runs, then the result or the failure. */
export function TaskView({ taskId, previewUrl, startedAt }: TaskViewProps) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { data: task, error } = useCutoutTask(taskId);
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
    return <ProgressBar value={0} label={t('cutout.generating')} testId="task-progress" />;
  }

  if (!terminal) {
    return (
      <div className="task-running" data-task-id={task.taskId}>
        <ProgressBar
          value={displayProgress(task.status, task.progress, now - startedAt)}
          label={t('cutout.generating')}
          testId="task-progress"
        />
        <p className="muted" data-testid="task-status">
          {t(`task.status.${task.status}`)}
        </p>
      </div>
    );
  }

  if (task.status === 'SUCCESS') return <CutoutResult task={task} previewUrl={previewUrl} />;

  const headline = t(task.status === 'TIMEOUT' ? 'cutout.timeout' : 'cutout.failed');
  return (
    <div className="task-failure" data-testid="task-error" data-task-id={task.taskId} role="alert">
      <strong>{headline}</strong>
      {task.errorMsg && task.errorMsg !== headline && (
        <p className="muted" data-testid="task-error-detail">
          {task.errorMsg}
        </p>
      )}
    </div>
  );
}

function CutoutResult({ task, previewUrl }: { task: Task; previewUrl: string | null }) {
  const { t } = useI18n();
  const { isDownloading, download } = useDownloads();
  const cutout = task.results?.find((r) => r.kind === 'image') ?? null;
  const mask = task.results?.find((r) => r.kind === 'mask') ?? null;
  const after = useBlobUrl(cutout?.url);
  // The original is only known for this session's upload, or when the
  // server sends the task's params (not part of the contract).
  const remoteBefore = useBlobUrl(previewUrl ? null : task.params?.imageUrl);
  const before = previewUrl ?? remoteBefore.src;

  const cutoutId = `cutout:${task.taskId}`;
  const maskId = `mask:${task.taskId}`;

  return (
    <div className="task-result" data-testid="task-result" data-task-id={task.taskId}>
      <CompareView before={before} after={after.src} width={cutout?.width} height={cutout?.height} />
      <div className="actions">
        {cutout && (
          <button
            type="button"
            className="button primary"
            data-testid="download-cutout"
            onClick={() => void download(cutoutId, cutout.url, cutoutFileName(task.taskId))}
          >
            {isDownloading(cutoutId) ? t('download.inProgress') : t('cutout.downloadCutout')}
          </button>
        )}
        {mask && (
          <button
            type="button"
            className="button"
            data-testid="download-mask"
            onClick={() => void download(maskId, mask.url, maskFileName(task.taskId))}
          >
            {isDownloading(maskId) ? t('download.inProgress') : t('cutout.downloadMask')}
          </button>
        )}
        {cutout && <QualityActions taskId={task.taskId} fileStem={`cutout-${task.taskId}`} />}
      </div>
      {cutout && mask && <MaskEditor task={task} />}
    </div>
  );
}
