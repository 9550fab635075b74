import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BlobImage } from '../../../components/BlobImage';
import { ProgressBar } from '../../../components/ProgressBar';
import { isApiError } from '../../../lib/api/client';
import { isTerminal, useTask } from '../../../lib/api/tasks';
import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { displayProgress } from '../../../lib/progress';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { useNow } from '../../../lib/useNow';

/** One diffusion task: per-step progress while it runs, then the images. */
export function DiffusionTaskView({ taskId, startedAt }: { taskId: string; startedAt: number }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { data: task, error } = useTask(taskId);
  const terminal = isTerminal(task?.status);
  const now = useNow(500, !terminal);
  const { isDownloading, download } = useDownloads();

  useEffect(() => {
    if (!terminal) return;
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
    return <ProgressBar value={0} label={t('diffusion.generating')} testId="task-progress" />;
  }
  if (!terminal) {
    return (
      <div className="task-running" data-task-id={task.taskId}>
        <ProgressBar
          value={displayProgress(task.status, task.progress, now - startedAt)}
          label={t('diffusion.generating')}
          testId="task-progress"
        />
      </div>
    );
  }
  if (task.status !== 'SUCCESS') {
    return (
      <div className="task-failure" data-testid="task-error" data-task-id={task.taskId} role="alert">
        <strong>{t('diffusion.failed')}</strong>
        {task.errorMsg && <p className="muted">{task.errorMsg}</p>}
      </div>
    );
  }
  const images = task.results?.filter((r) => r.kind === 'image') ?? [];
  return (
    <div className="task-result diffusion-results" data-testid="task-result" data-task-id={task.taskId}>
      {images.map((img, i) => {
        const id = `diffusion:${task.taskId}:${i}`;
        return (
          <figure key={img.url} data-testid="result-image-item">
            <BlobImage url={img.url} alt={`${i + 1}`} data-testid="result-image" width={img.width} height={img.height} />
            <button type="button" className="button" onClick={() => void download(id, img.url, `${task.bizType}-${task.taskId}-${i + 1}.png`)}>
              {isDownloading(id) ? t('download.inProgress') : t('diffusion.download')}
            </button>
          </figure>
        );
      })}
    </div>
  );
}
