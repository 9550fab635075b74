import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ProgressBar } from '../../../components/ProgressBar';
import { isApiError } from '../../../lib/api/client';
import { useBlobUrl } from '../../../lib/api/files';
import { isTerminal, useTask, type Task, type TaskResult } from '../../../lib/api/tasks';
import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { displayProgress } from '../../../lib/progress';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { useNow } from '../../../lib/useNow';
import { videoFileName } from '../constants';
import { videoText } from '../text';

/** One video task: progress, then the player and downloads, or the failure. */
export function VideoTaskView({ taskId, startedAt }: { taskId: string; startedAt: number }) {
  const { lang, t } = useI18n();
  const qc = useQueryClient();
  const { data: task, error } = useTask(taskId);
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
    return <ProgressBar value={0} label={videoText(lang, 'generating')} testId="task-progress" />;
  }
  if (!terminal) {
    return (
      <div className="task-running" data-task-id={task.taskId}>
        <ProgressBar
          value={displayProgress(task.status, task.progress, now - startedAt)}
          label={videoText(lang, 'generating')}
          testId="task-progress"
        />
      </div>
    );
  }
  if (task.status !== 'SUCCESS') {
    const headline = videoText(lang, task.status === 'TIMEOUT' ? 'timeout' : 'failed');
    return (
      <div className="task-failure" data-testid="task-error" data-task-id={task.taskId} role="alert">
        <strong>{headline}</strong>
        {task.errorMsg && task.errorMsg !== headline && <p className="muted">{task.errorMsg}</p>}
      </div>
    );
  }
  return <VideoResult task={task} />;
}

type VideoResultItem = TaskResult & { durationMs?: number };

function VideoResult({ task }: { task: Task }) {
  const { lang, t } = useI18n();
  const { isDownloading, download } = useDownloads();
  const results = (task.results ?? []) as VideoResultItem[];
  const video = results.find((r) => r.kind === 'video') ?? null;
  const poster = results.find((r) => r.kind === 'poster') ?? null;
  const clip = useBlobUrl(video?.url);
  const still = useBlobUrl(poster?.url);
  const isGif = !!video && video.url.endsWith('.gif');
  const videoId = `video:${task.taskId}`;
  const posterId = `poster:${task.taskId}`;

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
          <button
            type="button"
            className="button primary"
            data-testid="download-video"
            onClick={() => void download(videoId, video.url, videoFileName(task.taskId, video.url))}
          >
            {isDownloading(videoId) ? t('download.inProgress') : videoText(lang, 'download')}
          </button>
        )}
        {poster && (
          <button
            type="button"
            className="button"
            data-testid="download-poster"
            onClick={() => void download(posterId, poster.url, videoFileName(task.taskId, poster.url))}
          >
            {isDownloading(posterId) ? t('download.inProgress') : videoText(lang, 'downloadPoster')}
          </button>
        )}
      </div>
    </div>
  );
}
