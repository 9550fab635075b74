import { BlobImage } from './BlobImage';
import { PlayIcon } from './icons';
import { TextTaskThumb } from './TextTaskThumb';
import { useBlobUrl } from '../lib/api/files';
import type { Task } from '../lib/api/tasks';
import { useI18n } from '../lib/i18n';
import { taskPreview } from '../lib/taskMedia';
import { familyOf, useTaskTypes } from '../lib/taskTypes';
import { textResults } from '../lib/textCopy';

/**
 * The picture of a task in a history grid: its thumbnail, a video's poster,
 * or, for a clip without one, the clip paused on its first frame; a running
 * or failed task shows its status instead. A text task (its type's family
 * in `GET /api/task-types`, or text answers) is a text card (TextTaskThumb).
 */
export function TaskThumb({ task }: { task: Task }) {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  if (familyOf(taskTypes, task.bizType) === 'text' || textResults(task.results).length > 0) return <TextTaskThumb task={task} />;
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
