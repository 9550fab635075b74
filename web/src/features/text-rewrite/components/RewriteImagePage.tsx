import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import type { ImageSize } from '../../../lib/uploadRules';
import { useTaskForm } from '../../../lib/useTaskForm';
import { effectiveGenNum } from '../constants';
import { RewriteOptions } from './RewriteOptions';
import { IMAGE_REWRITE_BIZ_TYPE, IMAGE_REWRITE_LIMITS, buildImageParams, initialImageForm, type ImageRewriteForm, type ImageRewriteParams } from '../media';
import { MediaTaskView } from './MediaTaskView';
import { NoteImagesField } from './NoteImagesField';
import './rewrite.css';
import './media.css';

/** /rewrite-image: 图片改写, the text of a note's images read and rewritten for a platform, in several versions. */
export function RewriteImagePage({ readSize }: { readSize?: (file: Blob) => Promise<ImageSize> } = {}) {
  return (
    <CapabilityGate bizType={IMAGE_REWRITE_BIZ_TYPE}>
      <RewriteImageWorkspace readSize={readSize} />
    </CapabilityGate>
  );
}

function RewriteImageWorkspace({ readSize }: { readSize?: (file: Blob) => Promise<ImageSize> }) {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  // How many images and answers are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, IMAGE_REWRITE_BIZ_TYPE, IMAGE_REWRITE_LIMITS);
  const [attempted, setAttempted] = useState(false);
  const page = useTaskForm<ImageRewriteForm, ImageRewriteParams>({
    bizType: IMAGE_REWRITE_BIZ_TYPE,
    initial: initialImageForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildImageParams(form, limits);
      return 'missing' in built ? { missing: t(built.missing, built.vars) } : built;
    },
  });
  const { form, set, setForm } = page;
  const genNum = limits ? effectiveGenNum(form.genNum, limits) : 1;

  return (
    <TaskWorkspace
      className="rewrite-page rewrite-image-page"
      title={t('rewriteImage.title')}
      subtitle={t('rewriteImage.subtitle')}
      upload={
        <NoteImagesField
          images={form.images}
          max={limits?.imagesMax ?? null}
          onAdd={(image) => setForm((f) => ({ ...f, images: [...f.images, image] }))}
          onRemove={(index) => setForm((f) => ({ ...f, images: f.images.filter((_, i) => i !== index) }))}
          preview={page.workspace.preview}
          attempted={attempted}
          readSize={readSize}
        />
      }
      options={<RewriteOptions form={form} set={set} limits={limits} count language={false} />}
      bizType={IMAGE_REWRITE_BIZ_TYPE}
      page={{
        ...page,
        onGenerate: () => {
          setAttempted(true);
          page.onGenerate();
        },
      }}
      cost={priceOf(taskTypes, IMAGE_REWRITE_BIZ_TYPE, { results: genNum })}
      disabled={!limits}
      renderTask={(shown) => <MediaTaskView taskId={shown.taskId} bizType={IMAGE_REWRITE_BIZ_TYPE} startedAt={shown.startedAt} />}
      empty={t('rewriteImage.empty')}
    />
  );
}
