import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { SelectField } from '../../../components/OptionFields';
import { LANGUAGES, effectiveGenNum, languageKey } from '../constants';
import { RewriteOptions } from './RewriteOptions';
import { VIDEO_REWRITE_BIZ_TYPE, VIDEO_REWRITE_LIMITS, buildVideoParams, initialVideoForm, type VideoRewriteForm, type VideoRewriteParams } from '../media';
import { MediaTaskView } from './MediaTaskView';
import { VideoField } from './VideoField';
import './rewrite.css';
import './media.css';

/** /rewrite-video: 视频改写, a short video's speech transcribed and rewritten as a new short-video script. */
export function RewriteVideoPage() {
  return (
    <CapabilityGate bizType={VIDEO_REWRITE_BIZ_TYPE}>
      <RewriteVideoWorkspace />
    </CapabilityGate>
  );
}

function RewriteVideoWorkspace() {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  // The video's bounds and the count are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, VIDEO_REWRITE_BIZ_TYPE, VIDEO_REWRITE_LIMITS);
  const [attempted, setAttempted] = useState(false);
  const page = useTaskForm<VideoRewriteForm, VideoRewriteParams>({
    bizType: VIDEO_REWRITE_BIZ_TYPE,
    initial: initialVideoForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildVideoParams(form, limits);
      return 'missing' in built ? { missing: t(built.missing, built.vars) } : built;
    },
  });
  const { form, set } = page;
  const genNum = limits ? effectiveGenNum(form.genNum, limits) : 1;

  return (
    <TaskWorkspace
      className="rewrite-page rewrite-video-page"
      title={t('rewriteVideo.title')}
      subtitle={t('rewriteVideo.subtitle')}
      upload={<VideoField video={form.video} limits={limits} onChange={set('video')} preview={page.workspace.preview} attempted={attempted} />}
      options={
        <>
          {/* The answer is always a short-video script: no platform; the script follows the speech's language. */}
          <p className="muted rewrite-script-note" data-testid="rewrite-script-note">
            {t('rewriteVideo.scriptNote')}
          </p>
          <SelectField
            label={t('rewriteVideo.speech')}
            testId="video-speech-language"
            value={form.speech}
            options={LANGUAGES}
            optionLabel={(l) => t(l === 'auto' ? 'rewriteVideo.speech.auto' : languageKey(l))}
            onChange={set('speech')}
          />
          <RewriteOptions form={form} set={set} limits={limits} count platform={false} language={false} />
        </>
      }
      bizType={VIDEO_REWRITE_BIZ_TYPE}
      page={{
        ...page,
        onGenerate: () => {
          setAttempted(true);
          page.onGenerate();
        },
      }}
      cost={priceOf(taskTypes, VIDEO_REWRITE_BIZ_TYPE, { results: genNum })}
      disabled={!limits}
      renderTask={(shown) => <MediaTaskView taskId={shown.taskId} bizType={VIDEO_REWRITE_BIZ_TYPE} startedAt={shown.startedAt} />}
      empty={t('rewriteVideo.empty')}
    />
  );
}
