import { DownloadButton } from '../../../components/DownloadButton';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { useBlobUrl } from '../../../lib/api/files';
import type { Task, TaskResult } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { videoFileName } from '../constants';
import { videoText } from '../text';

/** One video task: progress, then the player and downloads, or the failure. */
export function VideoTaskView({ taskId, startedAt }: { taskId: string; startedAt: number }) {
  const { lang } = useI18n();
  return (
    <TaskStatusView
      taskId={taskId}
      startedAt={startedAt}
      text={{ generating: videoText(lang, 'generating'), failed: videoText(lang, 'failed'), timeout: videoText(lang, 'timeout') }}
    >
      {(task) => <VideoResult task={task} />}
    </TaskStatusView>
  );
}

type VideoResultItem = TaskResult & { durationMs?: number };

function VideoResult({ task }: { task: Task }) {
  const { lang } = useI18n();
  const results = (task.results ?? []) as VideoResultItem[];
  const video = results.find((r) => r.kind === 'video') ?? null;
  const poster = results.find((r) => r.kind === 'poster') ?? null;
  const clip = useBlobUrl(video?.url);
  const still = useBlobUrl(poster?.url);
  const isGif = !!video && video.url.endsWith('.gif');

  return (
    <div className="task-result video-result" data-testid="task-result" data-task-id={task.taskId}>
      <div className="video-frame" style={video ? { aspectRatio: `${video.width} / ${video.height}` } : undefined}>
        {clip.src &&
          (isGif ? (
            <img src={clip.src} alt="" data-testid="result-gif" width={video?.width} height={video?.height} />
          ) : (
            <video
              src={clip.src}
              poster={still.src ?? undefined}
              data-testid="result-video"
              controls
              autoPlay
              loop
              muted
              playsInline
              width={video?.width}
              height={video?.height}
            />
          ))}
      </div>
      {video?.durationMs != null && (
        <p className="muted" data-testid="video-length">
          {video.width}×{video.height} · {videoText(lang, 'length', { n: (video.durationMs / 1000).toFixed(1) })}
        </p>
      )}
      <div className="actions">
        {video && (
          <DownloadButton
            itemId={`video:${task.taskId}`}
            url={video.url}
            fileName={videoFileName(task.taskId, video.url)}
            label={videoText(lang, 'download')}
            testId="download-video"
            primary
          />
        )}
        {poster && (
          <DownloadButton
            itemId={`poster:${task.taskId}`}
            url={poster.url}
            fileName={videoFileName(task.taskId, poster.url)}
            label={videoText(lang, 'downloadPoster')}
            testId="download-poster"
          />
        )}
      </div>
    </div>
  );
}
