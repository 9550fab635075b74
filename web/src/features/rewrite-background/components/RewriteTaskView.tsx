import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BlobImage } from '../../../components/BlobImage';
import { ProgressBar } from '../../../components/ProgressBar';
import { isApiError } from '../../../lib/api/client';
import { useBlobUrl } from '../../../lib/api/files';
import { isTerminal, useTask, type TaskResult } from '../../../lib/api/tasks';
import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { displayProgress } from '../../../lib/progress';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { useNow } from '../../../lib/useNow';
import { resultFileName } from '../constants';

interface Props {
  taskId: string;
  /** Local preview of the uploaded product (for before/after), if known. */
  beforeUrl: string | null;
  startedAt: number;
}

/** One background-replication task: progress while it runs, then the results grid. */
export function RewriteTaskView({ taskId, beforeUrl, startedAt }: Props) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { data: task, error } = useTask(taskId);
  const terminal = isTerminal(task?.status);
  const now = useNow(500, !terminal);

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
    return <ProgressBar value={0} label={t('productImage.generating')} testId="task-progress" />;
  }
  if (!terminal) {
    return (
      <div className="task-running" data-task-id={task.taskId}>
        <ProgressBar
          value={displayProgress(task.status, task.progress, now - startedAt)}
          label={t('productImage.generating')}
          testId="task-progress"
        />
      </div>
    );
  }
  if (task.status !== 'SUCCESS') {
    return (
      <div className="task-failure" data-testid="task-error" data-task-id={task.taskId} role="alert">
        <strong>{t('productImage.failed')}</strong>
        {task.errorMsg && <p className="muted">{task.errorMsg}</p>}
      </div>
    );
  }
  const images = task.results?.filter((r) => r.kind === 'image') ?? [];
  const thumbs = task.results?.filter((r) => r.kind === 'thumbnail') ?? [];
  const format = String((task.params as { format?: string } | null | undefined)?.format ?? 'png');
  return (
    <div
      className="task-result rewrite-results"
      data-testid="task-result"
      data-task-id={task.taskId}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12 }}
    >
      {images.map((img, i) => (
        <ResultCard
          key={img.url}
          taskId={task.taskId}
          index={i}
          image={img}
          thumb={thumbs[i] ?? null}
          beforeUrl={beforeUrl}
          sourceUrl={task.params?.imageUrl ?? null}
          format={format}
        />
      ))}
    </div>
  );
}

interface CardProps {
  taskId: string;
  index: number;
  image: TaskResult;
  thumb: TaskResult | null;
  beforeUrl: string | null;
  /** The uploaded product's `/api/files` URL (tasks picked from history). */
  sourceUrl: string | null;
  format: string;
}

/** A result (its WebP thumbnail) with a before/after slider and download. */
function ResultCard({ taskId, index, image, thumb, beforeUrl, sourceUrl, format }: CardProps) {
  const { t } = useI18n();
  const { isDownloading, download } = useDownloads();
  const [pos, setPos] = useState(100);
  const { src: before } = useBlobUrl(beforeUrl ? null : sourceUrl);
  const id = `product:${taskId}:${index}`;
  const shown = thumb ?? image;
  const beforeSrc = beforeUrl ?? before;
  return (
    <figure data-testid="result-image-item" style={{ margin: 0 }}>
      <div className="compare" style={{ position: 'relative', aspectRatio: `${image.width} / ${image.height}` }}>
        <BlobImage
          url={shown.url}
          alt={`${t('productImage.after')} ${index + 1}`}
          data-testid="result-image"
          className="compare-img"
          width={shown.width}
          height={shown.height}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
        {beforeSrc && pos < 100 && (
          <img
            className="compare-img compare-before"
            src={beforeSrc}
            alt={t('productImage.before')}
            data-testid="before-image"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', background: '#fff', clipPath: `inset(0 ${pos}% 0 0)` }}
          />
        )}
      </div>
      {beforeSrc && (
        <input
          type="range"
          min={0}
          max={100}
          value={100 - pos}
          aria-label={`${t('productImage.before')} / ${t('productImage.after')}`}
          data-testid="compare-slider"
          onChange={(e) => setPos(100 - Number(e.target.value))}
          style={{ width: '100%' }}
        />
      )}
      <figcaption>
        <button
          type="button"
          className="button"
          data-testid="download-result"
          onClick={() => void download(id, image.url, resultFileName(taskId, index, format))}
        >
          {isDownloading(id) ? t('download.inProgress') : t('productImage.download')}
        </button>
        <span className="muted small">
          {' '}
          {image.width}×{image.height}
        </span>
      </figcaption>
    </figure>
  );
}
