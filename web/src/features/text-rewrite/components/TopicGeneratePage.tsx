import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { REWRITE_LIMITS, effectiveGenNum, initialRewriteForm, type RewriteForm } from '../constants';
import { TOPIC_BIZ_TYPE, TOPIC_REQUIRED, TOPIC_SUGGESTIONS, buildTopicParams, type TopicParams } from '../topic';
import { ContentField } from './ContentField';
import { RewriteOptions } from './RewriteOptions';
import { TextTaskView } from './TextTaskView';
import './rewrite.css';

/** /topic-generate: 主题创作, an article on a topic for a platform. */
export function TopicGeneratePage() {
  return (
    <CapabilityGate bizType={TOPIC_BIZ_TYPE}>
      <TopicGenerateWorkspace />
    </CapabilityGate>
  );
}

function TopicGenerateWorkspace() {
  const { t, lang } = useI18n();
  const { taskTypes } = useTaskTypes();
  const limits = limitsOf(taskTypes, TOPIC_BIZ_TYPE, REWRITE_LIMITS);
  const [attempted, setAttempted] = useState(false);
  const page = useTaskForm<RewriteForm, TopicParams>({
    bizType: TOPIC_BIZ_TYPE,
    initial: initialRewriteForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildTopicParams(form, limits);
      return 'missing' in built ? { missing: t(built.missing, built.vars) } : built;
    },
  });
  const { form, set } = page;
  const genNum = limits ? effectiveGenNum(form.genNum, limits) : 1;

  return (
    <TaskWorkspace
      className="rewrite-page topic-generate-page"
      title={t('topicGenerate.title')}
      subtitle={t('topicGenerate.subtitle')}
      upload={
        <div className="topic-field">
          <ContentField
            label={t('topicGenerate.topic')}
            placeholder={t('topicGenerate.topic.placeholder')}
            value={form.content}
            onChange={set('content')}
            limits={limits}
            attempted={attempted}
            rows={3}
            testId="topic-input"
            requiredKey={TOPIC_REQUIRED}
          />
          <div className="rewrite-chip-list topic-suggestions" data-testid="topic-suggestions">
            <span className="topic-suggestions-label">{t('topicGenerate.suggestions')}</span>
            {TOPIC_SUGGESTIONS[lang].map((s) => (
              <button key={s} type="button" className="chip" onClick={() => set('content')(s)}>
                {s}
              </button>
            ))}
          </div>
        </div>
      }
      options={<RewriteOptions form={form} set={set} limits={limits} count />}
      bizType={TOPIC_BIZ_TYPE}
      page={{
        ...page,
        onGenerate: () => {
          setAttempted(true);
          page.onGenerate();
        },
      }}
      cost={priceOf(taskTypes, TOPIC_BIZ_TYPE, { results: genNum })}
      disabled={!limits}
      renderTask={(shown) => <TextTaskView taskId={shown.taskId} bizType={TOPIC_BIZ_TYPE} startedAt={shown.startedAt} />}
      empty={t('topicGenerate.empty')}
    />
  );
}
