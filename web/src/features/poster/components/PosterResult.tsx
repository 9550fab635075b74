import { BlobImage } from '../../../components/BlobImage';
import { DownloadButton } from '../../../components/DownloadButton';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { posterFileName } from '../constants';

/** A finished poster: the image, its size and the download. */
export function PosterResult({ task }: { task: Task }) {
  const { t } = useI18n();
  const image = (task.results ?? []).find((r) => r.kind === 'image');
  if (!image) return null;
  const format = String((task.params as { format?: string } | null | undefined)?.format ?? (image.url.endsWith('.jpg') || image.url.endsWith('.jpeg') ? 'jpeg' : 'png'));
  return (
    <div className="poster-result-body" data-testid="task-result" data-task-id={task.taskId}>
      <BlobImage url={image.url} alt={t('poster.result')} className="poster-result-image" data-testid="result-image" />
      {image.width && image.height ? (
        <p className="muted small" data-testid="result-size">
          {image.width} × {image.height} · {format === 'jpeg' ? 'JPEG' : 'PNG'}
        </p>
      ) : null}
      <DownloadButton itemId={`poster-${task.taskId}`} url={image.url} fileName={posterFileName(task.taskId, format)} label={t('poster.download')} testId="download-result" primary />
    </div>
  );
}
