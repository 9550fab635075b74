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
import { qrFileName } from '../constants';

/**
 * One QR task: progress, then the codes. Every delivered code was decoded
 * by the worker as delivered and after a downscale, a blur and JPEG
 * compression, so each carries the "scans" badge.
 */
export function QrTaskView({ taskId, startedAt }: { taskId: string; startedAt: number }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { data: task, error } = useTask(taskId);
  const terminal = isTerminal(task?.status);
  const now = useNow(500, !terminal);
  const { isDownloading, download } = useDownloads();

  useEffect(() => {
    if (!terminal) return;
    void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
  }, [terminal, qc]);
  useEffect(() => {
    if (terminal) void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
  }, [terminal, qc]);

  if (!task) {
    if (error) {
      return (
        <div className="task-failure" data-testid="task-error" role="alert">
          {isApiError(error) ? error.msg : t('error.server')}
        </div>
      );
    }
    return <ProgressBar value={0} label={t('qr.generating')} testId="task-progress" />;
  }
  if (!terminal) {
    return (
      <div className="task-running" data-task-id={task.taskId}>
        <ProgressBar value={displayProgress(task.status, task.progress, now - startedAt)} label={t('qr.generating')} testId="task-progress" />
      </div>
    );
  }
  if (task.status !== 'SUCCESS') {
    return (
      <div className="task-failure" data-testid="task-error" data-task-id={task.taskId} role="alert">
        <strong>{t('qr.failed')}</strong>
        {task.errorMsg && <p className="muted">{task.errorMsg}</p>}
      </div>
    );
  }
  const codes = task.results?.filter((r) => r.kind === 'image') ?? [];
  return (
    <div className="task-result qr-results" data-testid="task-result" data-task-id={task.taskId}>
      {codes.map((img, i) => {
        const id = `qr:${task.taskId}:${i}`;
        return (
          <figure key={img.url} className="qr-result" data-testid="qr-result">
            <BlobImage url={img.url} alt={`QR ${i + 1}`} data-testid="result-image" width={img.width} height={img.height} />
            <figcaption>
              <span className="qr-scans-badge" data-testid="qr-scans-badge" title={t('qr.scans.title')}>
                ✓ {t('qr.scans')}
              </span>
              <button type="button" className="button" data-testid="qr-download" onClick={() => void download(id, img.url, qrFileName(task.taskId, i))}>
                {isDownloading(id) ? t('download.inProgress') : t('qr.download')}
              </button>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
