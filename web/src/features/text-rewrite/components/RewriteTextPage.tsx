import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { REWRITE_LIMITS, TEXT_REWRITE_BIZ_TYPE, buildRewriteParams, effectiveGenNum, initialRewriteForm, type RewriteForm, type RewriteParams } from '../constants';
import { ContentField } from './ContentField';
import { RewriteOptions } from './RewriteOptions';
import { TextTaskView } from './TextTaskView';
import './rewrite.css';

/** /rewrite-text: 文案改写, a piece of copy rewritten for a platform, in several versions. */
export function RewriteTextPage() {
  return (
    <CapabilityGate bizType={TEXT_REWRITE_BIZ_TYPE}>
      <RewriteTextWorkspace />
    </CapabilityGate>
  );
}

function RewriteTextWorkspace() {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  // The bounds of the text and of the count are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, TEXT_REWRITE_BIZ_TYPE, REWRITE_LIMITS);
  const [attempted, setAttempted] = useState(false);
  const page = useTaskForm<RewriteForm, RewriteParams>({
    bizType: TEXT_REWRITE_BIZ_TYPE,
    initial: initialRewriteForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildRewriteParams(form, limits);
      return 'missing' in built ? { missing: t(built.missing, built.vars) } : built;
    },
  });
  const { form, set } = page;
  const genNum = limits ? effectiveGenNum(form.genNum, limits) : 1;

  return (
    <TaskWorkspace
      className="rewrite-page rewrite-text-page"
      title={t('rewriteText.title')}
      subtitle={t('rewriteText.subtitle')}
      upload={
        <ContentField
          label={t('rewriteText.content')}
          placeholder={t('rewriteText.content.placeholder')}
          value={form.content}
          onChange={set('content')}
          limits={limits}
          attempted={attempted}
        />
      }
      options={<RewriteOptions form={form} set={set} limits={limits} count />}
      bizType={TEXT_REWRITE_BIZ_TYPE}
      page={{
        ...page,
        onGenerate: () => {
          setAttempted(true);
          page.onGenerate();
        },
      }}
      cost={priceOf(taskTypes, TEXT_REWRITE_BIZ_TYPE, { results: genNum })}
      disabled={!limits}
      renderTask={(shown) => <TextTaskView taskId={shown.taskId} bizType={TEXT_REWRITE_BIZ_TYPE} startedAt={shown.startedAt} />}
      empty={t('rewriteText.empty')}
    />
  );
}
