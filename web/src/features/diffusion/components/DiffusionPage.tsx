import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { buildParams, DIFFUSION_LIMITS, initialForm, type DiffusionForm, type DiffusionRoute } from '../constants';
import { DiffusionOptions } from './DiffusionOptions';
import { DiffusionTaskView } from './DiffusionTaskView';

/**
 * A diffusion-family page behind the capability gate: on a deployment
 * without Stable Diffusion weights it shows which model is missing and how
 * an operator installs it, never a form that can only fail.
 */
export function DiffusionPage({ route }: { route: DiffusionRoute }) {
  return (
    <CapabilityGate bizType={route.bizType}>
      <DiffusionWorkspace route={route} />
    </CapabilityGate>
  );
}

function DiffusionWorkspace({ route }: { route: DiffusionRoute }) {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  // genNum's default and bound are the server's: the form cannot be sent without them.
  const limits = limitsOf(taskTypes, route.bizType, DIFFUSION_LIMITS);
  const page = useTaskForm<DiffusionForm, Record<string, unknown>>({
    bizType: route.bizType,
    initial: initialForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      const built = buildParams(route, form, limits);
      return 'missing' in built ? { missing: t(built.missing as MessageKey) } : built;
    },
  });

  return (
    <TaskWorkspace
      className="diffusion-page"
      title={t(`${route.key}.title` as MessageKey)}
      subtitle={t(`${route.key}.subtitle` as MessageKey)}
      upload={
        <div className="diffusion-uploads">
          <ImageUploader previewUrl={page.previews.image ?? null} onUploaded={page.upload('image')} />
          {route.garment && (
            <div className="diffusion-garment" data-testid="garment-upload">
              <p className="muted">{t('diffusion.garment')}</p>
              <ImageUploader previewUrl={page.previews.garment ?? null} onUploaded={page.upload('garment')} />
            </div>
          )}
        </div>
      }
      options={<DiffusionOptions route={route} form={page.form} limits={limits} onChange={page.setForm} />}
      bizType={route.bizType}
      page={page}
      cost={priceOf(taskTypes, route.bizType)}
      disabled={!limits}
      renderTask={(shown) => <DiffusionTaskView taskId={shown.taskId} startedAt={shown.startedAt} />}
      empty={t('diffusion.empty')}
    />
  );
}
