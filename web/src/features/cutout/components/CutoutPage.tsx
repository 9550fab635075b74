import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { CUTOUT_BIZ_TYPE, DEFAULT_CUTOUT_MODEL, type CutoutModel, type CutoutParams } from '../constants';
import { ModelPicker } from './ModelPicker';
import { TaskView } from './TaskView';

interface CutoutForm {
  imageUrl: string | null;
  model: CutoutModel;
}

/** /ai-cutout, behind the capability gate (no form when no worker can cut out). */
export function CutoutPage() {
  return (
    <CapabilityGate bizType={CUTOUT_BIZ_TYPE}>
      <CutoutWorkspace />
    </CapabilityGate>
  );
}

/** Upload, pick a model, generate, see and download the cutout. */
function CutoutWorkspace() {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  const page = useTaskForm<CutoutForm, CutoutParams>({
    bizType: CUTOUT_BIZ_TYPE,
    initial: () => ({ imageUrl: null, model: DEFAULT_CUTOUT_MODEL }),
    build: ({ imageUrl, model }) => (imageUrl ? { params: { imageUrl, model } } : { missing: t('cutout.needImage') }),
    beforeField: 'imageUrl',
  });

  return (
    <TaskWorkspace
      className="cutout-page"
      title={t('cutout.title')}
      subtitle={t('cutout.subtitle')}
      upload={<ImageUploader previewUrl={page.previews.imageUrl ?? null} onUploaded={page.upload('imageUrl')} />}
      options={<ModelPicker value={page.form.model} onChange={(model) => page.setForm((f) => ({ ...f, model }))} />}
      bizType={CUTOUT_BIZ_TYPE}
      page={page}
      cost={priceOf(taskTypes, CUTOUT_BIZ_TYPE)}
      renderTask={(shown) => <TaskView taskId={shown.taskId} previewUrl={shown.beforeUrl} startedAt={shown.startedAt} />}
      empty={t('cutout.empty')}
      emptyClassName="stage-empty checkerboard"
    />
  );
}
