import type { TaskFailureText } from '../../../components/TaskStatusView';
import type { Task } from '../../../lib/api/tasks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { TextTaskView } from './TextTaskView';
import { sourceTextOf } from '../mediaApi';
import { IMAGE_REWRITE_BIZ_TYPE, mediaErrorKey, type MediaRewriteBizType } from '../media';
import { SourceText } from './SourceText';

/**
 * One media-rewrite task: the /rewrite-text task view (streamed answers,
 * copy, ratings), with what the worker read from the input above it as
 * soon as the worker has it (also on a failure), and the failures of
 * these types (no text in the images, no speech in the video) in their
 * own words with the refund said.
 */
export function MediaTaskView({ taskId, bizType, startedAt }: { taskId: string; bizType: MediaRewriteBizType; startedAt: number }) {
  const { t } = useI18n();
  const image = bizType === IMAGE_REWRITE_BIZ_TYPE;
  const failure = (task: Task): TaskFailureText | null => {
    const key = mediaErrorKey(task.errorCode);
    if (!key) return null;
    return {
      headline: t(key),
      replacesMessage: true,
      detail: (
        <>
          <p className="muted" data-testid="task-error-hint">
            {t(`mediaRewrite.hint.${task.errorCode}` as MessageKey)}
          </p>
          <p className="task-refunded" data-testid="task-refunded">
            {t('mediaRewrite.refunded')}
          </p>
        </>
      ),
    };
  };
  return (
    <TextTaskView
      taskId={taskId}
      bizType={bizType}
      startedAt={startedAt}
      generating={t(image ? 'rewriteImage.generating' : 'rewriteVideo.generating')}
      before={(task) => {
        const text = sourceTextOf(task);
        return text ? <SourceTextOf image={image} text={text} /> : null;
      }}
      failure={failure}
    />
  );
}

function SourceTextOf({ image, text }: { image: boolean; text: string }) {
  const { t } = useI18n();
  return <SourceText label={t(image ? 'mediaRewrite.source.image' : 'mediaRewrite.source.video')} text={text} />;
}
