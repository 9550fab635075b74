import { BlobImage } from './BlobImage';
import { PlayIcon } from './icons';
import { useBlobUrl } from '../lib/api/files';
import type { Task } from '../lib/api/tasks';
import { useI18n } from '../lib/i18n';
import { taskPreview } from '../lib/taskMedia';
import { copySnippet, readCopy, textResults } from '../lib/textCopy';

/**
 * The picture of a task in a history grid: its thumbnail, a video's poster,
 * or, for a clip without one, the clip paused on its first frame; a text
 * task's first answer as a few lines of text; a running or failed task
 * shows its status instead.
 */
export function TaskThumb({ task }: { task: Task }) {
  const { t } = useI18n();
  const text = task.status === 'SUCCESS' ? textResults(task.results)[0] : undefined;
  if (text) {
    const snippet = copySnippet(readCopy(text.copy));
    return (
      <span className="history-thumb text-thumb">
        <span className="history-text-snippet" data-testid="history-text-snippet">
          {snippet || t('task.status.SUCCESS')}
        </span>
      </span>
    );
  }
  const preview = taskPreview(task);
  const video = task.results?.some((r) => r.kind === 'video') ?? false;
  return (
    <span className="history-thumb checkerboard">
      {preview?.kind === 'image' ? (
        <BlobImage url={preview.url} alt="" loading="lazy" data-testid="history-thumb" />
      ) : preview?.kind === 'video' ? (
        <VideoFrame url={preview.url} />
      ) : (
        <span className={`status-badge status-${task.status.toLowerCase()}`}>{t(`task.status.${task.status}`)}</span>
      )}
      {video && task.status === 'SUCCESS' && (
        <span className="history-play" role="img" aria-label={t('history.video')} data-testid="history-video-badge">
          <PlayIcon />
        </span>
      )}
    </span>
  );
}

/** `preload="metadata"` loads just enough of the clip to paint its first frame. */
function VideoFrame({ url }: { url: string }) {
  const { src } = useBlobUrl(url);
  if (!src) return <span className="image-placeholder" aria-hidden="true" />;
  return <video src={src} preload="metadata" muted playsInline data-testid="history-video" />;
}
