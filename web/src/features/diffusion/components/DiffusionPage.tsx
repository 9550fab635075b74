import { useEffect, useRef, useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { TaskHistoryList } from '../../../components/TaskHistoryList';
import type { Task } from '../../../lib/api/tasks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateDiffusion } from '../api/createDiffusion';
import { buildParams, initialForm, type DiffusionForm, type DiffusionRoute } from '../constants';
import { DiffusionOptions } from './DiffusionOptions';
import { DiffusionTaskView } from './DiffusionTaskView';

interface ShownTask {
  taskId: string;
  startedAt: number;
}

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
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const create = useCreateDiffusion(route.bizType);
  const [form, setForm] = useState<DiffusionForm>(initialForm);
  const [previews, setPreviews] = useState<{ image: string | null; garment: string | null }>({ image: null, garment: null });
  const [shown, setShown] = useState<ShownTask | null>(null);
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  // Another user (or none) means another history: forget what is shown.
  const userId = user?.id ?? null;
  const [seenUser, setSeenUser] = useState(userId);
  if (seenUser !== userId) {
    setSeenUser(userId);
    setShown(null);
    setForm(initialForm());
    setPreviews({ image: null, garment: null });
  }

  const onUploaded = (which: 'image' | 'garment', { url, file }: UploadedImage) => {
    const preview = URL.createObjectURL(file);
    objectUrls.current.push(preview);
    setPreviews((p) => ({ ...p, [which]: preview }));
    setForm((f) => ({ ...f, [which]: url }));
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    const built = buildParams(route, form);
    if ('missing' in built) {
      toast.warning(t(built.missing as MessageKey));
      return;
    }
    create.submit(built.params, (taskId) => setShown({ taskId, startedAt: Date.now() }));
  };

  const onSelect = (task: Task) => {
    if (shown?.taskId === task.taskId) return;
    const created = task.createdAt ? new Date(task.createdAt).getTime() : NaN;
    setShown({ taskId: task.taskId, startedAt: Number.isNaN(created) ? Date.now() : created });
  };

  return (
    <GenerationWorkspace
      className="diffusion-page"
      title={t(`${route.key}.title` as MessageKey)}
      subtitle={t(`${route.key}.subtitle` as MessageKey)}
      upload={
        <div className="diffusion-uploads">
          <ImageUploader previewUrl={previews.image} onUploaded={(u) => onUploaded('image', u)} />
          {route.garment && (
            <div className="diffusion-garment" data-testid="garment-upload">
              <p className="muted">{t('diffusion.garment')}</p>
              <ImageUploader previewUrl={previews.garment} onUploaded={(u) => onUploaded('garment', u)} />
            </div>
          )}
        </div>
      }
      options={<DiffusionOptions route={route} form={form} onChange={setForm} />}
      generate={{ cost: route.cost, pending: create.isPending, onGenerate }}
      stage={
        shown ? (
          <DiffusionTaskView key={shown.taskId} taskId={shown.taskId} startedAt={shown.startedAt} />
        ) : (
          <div className="stage-empty">
            <p>{t('diffusion.empty')}</p>
          </div>
        )
      }
      history={<TaskHistoryList bizType={route.bizType} title={t('history.title')} activeTaskId={shown?.taskId ?? null} onSelect={onSelect} />}
    />
  );
}
