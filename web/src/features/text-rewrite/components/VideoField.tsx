import { PlusIcon } from '../../../components/icons';
import { useI18n } from '../../../lib/i18n';
import { uploadProblemText, useUploads, type UploadProblem } from '../../../lib/useUploads';
import { uploadVideo } from '../mediaApi';
import { VIDEO_ACCEPT, formatDuration, megabytes, videoProblem, type PickedVideo, type VideoRewriteLimits } from '../media';

interface VideoFieldProps {
  video: PickedVideo | null;
  /** The server's bounds; null while they load (nothing is taken yet). */
  limits: VideoRewriteLimits | null;
  onChange: (video: PickedVideo | null) => void;
  /** An object URL previewing a local file (the workspace's, freed with the page). */
  preview: (file: File) => string;
  /** A generate was tried: say that a video is needed. */
  attempted: boolean;
}

/**
 * The video to rewrite: its format (mp4, mov) and size are checked against
 * the server's bounds before anything is sent; the server then measures its
 * length and looks for an audio track (`POST /api/uploads/video`), and says
 * why it refuses one (VIDEO_UPLOAD_*) under the field. The uploaded video
 * plays in place, with its length.
 */
export function VideoField({ video, limits, onChange, preview, attempted }: VideoFieldProps) {
  const { t } = useI18n();
  const { uploading, problem, clearProblem, inputRef, openChooser, take } = useUploads({
    // Only taken once the limits are known (the input's onChange).
    check: (file) => {
      const broken = limits ? videoProblem(file, limits) : null;
      return limits && broken ? { key: broken, vars: { mb: megabytes(limits.videoMaxBytes) } } : null;
    },
    send: uploadVideo,
    onUploaded: ({ url, file, answer }) =>
      onChange({ url, preview: preview(file), name: file.name, durationMs: answer.durationMs, width: answer.width, height: answer.height }),
    silent: true,
  });

  const shown: UploadProblem | null = problem ?? (attempted && !video ? { key: 'mediaRewrite.videoRequired' } : null);

  return (
    <div className="field rewrite-video-field" data-testid="video-field">
      <span className="field-head">
        <span>{t('rewriteVideo.video')}</span>
        {video && (
          <output className="field-value" data-testid="video-duration">
            {t('mediaRewrite.videoDuration', { d: formatDuration(video.durationMs) })}
          </output>
        )}
      </span>
      {video ? (
        <div className="video-picked">
          <video className="video-preview" data-testid="video-preview" src={video.preview} controls playsInline preload="metadata" />
          <div className="video-picked-actions">
            <span className="muted video-name" title={video.name}>
              {video.name}
            </span>
            <button type="button" className="button" data-testid="video-replace" disabled={uploading} onClick={openChooser}>
              {uploading ? t('upload.uploading') : t('mediaRewrite.replaceVideo')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="video-remove"
              disabled={uploading}
              onClick={() => {
                clearProblem();
                onChange(null);
              }}
            >
              {t('mediaRewrite.removeVideo')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="upload-zone video-zone" data-testid="video-pick" aria-busy={uploading} disabled={!limits} onClick={openChooser}>
          <span className="upload-placeholder">
            <PlusIcon className="upload-plus" />
            <span>{t('mediaRewrite.pickVideo')}</span>
          </span>
          {uploading && (
            <span className="upload-overlay" data-testid="upload-status">
              {t('upload.uploading')}
            </span>
          )}
        </button>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={VIDEO_ACCEPT}
        hidden
        data-testid="video-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file && limits) void take([file]);
        }}
      />
      {limits && <p className="upload-rules">{t('mediaRewrite.videoRules', { mb: megabytes(limits.videoMaxBytes), seconds: limits.videoMaxSeconds })}</p>}
      {shown && (
        <p className="form-error field-error" role="alert" data-testid="video-error" data-code={'code' in shown ? shown.code : undefined}>
          {uploadProblemText(shown, t)}
        </p>
      )}
    </div>
  );
}
