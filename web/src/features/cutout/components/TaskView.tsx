import { DownloadButton } from '../../../components/DownloadButton';
import { QualityActions } from '../../../components/QualityActions';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { useBlobUrl } from '../../../lib/api/files';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
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
  return (
    <TaskStatusView
      taskId={taskId}
      startedAt={startedAt}
      showStatus
      text={{ generating: t('cutout.generating'), failed: t('cutout.failed'), timeout: t('cutout.timeout') }}
    >
      {(task) => <CutoutResult task={task} previewUrl={previewUrl} />}
    </TaskStatusView>
  );
}

function CutoutResult({ task, previewUrl }: { task: Task; previewUrl: string | null }) {
  const { t } = useI18n();
  const cutout = task.results?.find((r) => r.kind === 'image') ?? null;
  const mask = task.results?.find((r) => r.kind === 'mask') ?? null;
  const after = useBlobUrl(cutout?.url);
  // The original is only known for this session's upload, or when the
  // server sends the task's params (not part of the contract).
  const remoteBefore = useBlobUrl(previewUrl ? null : task.params?.imageUrl);
  const before = previewUrl ?? remoteBefore.src;

  return (
    <div className="task-result" data-testid="task-result" data-task-id={task.taskId}>
      <CompareView before={before} after={after.src} width={cutout?.width} height={cutout?.height} />
      <div className="actions">
        {cutout && (
          <DownloadButton
            itemId={`cutout:${task.taskId}`}
            url={cutout.url}
            fileName={cutoutFileName(task.taskId)}
            label={t('cutout.downloadCutout')}
            testId="download-cutout"
            primary
          />
        )}
        {mask && (
          <DownloadButton itemId={`mask:${task.taskId}`} url={mask.url} fileName={maskFileName(task.taskId)} label={t('cutout.downloadMask')} testId="download-mask" />
        )}
        {cutout && <QualityActions taskId={task.taskId} fileStem={`cutout-${task.taskId}`} />}
      </div>
      {cutout && mask && <MaskEditor task={task} />}
    </div>
  );
}
