import { useEffect, useRef, useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateCutout } from '../api/createCutout';
import { CUTOUT_COST, DEFAULT_CUTOUT_MODEL, type CutoutModel } from '../constants';
import { CutoutHistory } from './CutoutHistory';
import { ModelPicker } from './ModelPicker';
import { TaskView } from './TaskView';

interface CurrentImage {
  url: string;
  previewUrl: string;
}

interface ShownTask {
  taskId: string;
  previewUrl: string | null;
  startedAt: number;
}

function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** /ai-cutout, behind the capability gate (no form when no worker can cut out). */
export function CutoutPage() {
  return (
    <CapabilityGate bizType="MATTING_IMAGE">
      <CutoutWorkspace />
    </CapabilityGate>
  );
}

/** Upload, pick a model, generate, see and download the cutout. */
function CutoutWorkspace() {
  const { t } = useI18n();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const create = useCreateCutout();
  const [image, setImage] = useState<CurrentImage | null>(null);
  const [model, setModel] = useState<CutoutModel>(DEFAULT_CUTOUT_MODEL);
  const [shown, setShown] = useState<ShownTask | null>(null);
  const previews = useRef<string[]>([]);

  // Local previews stay valid while shown tasks may use them; freed on leave.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  // Another user (or none) means another history: forget what is shown.
  const userId = user?.id ?? null;
  const [seenUser, setSeenUser] = useState(userId);
  if (seenUser !== userId) {
    setSeenUser(userId);
    setShown(null);
    setImage(null);
  }

  const onUploaded = ({ url, file }: UploadedImage) => {
    const previewUrl = URL.createObjectURL(file);
    previews.current.push(previewUrl);
    setImage({ url, previewUrl });
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    if (!image) {
      toast.warning(t('cutout.needImage'));
      return;
    }
    const previewUrl = image.previewUrl;
    create.submit({ imageUrl: image.url, model }, (taskId) => setShown({ taskId, previewUrl, startedAt: Date.now() }));
  };

  const onSelect = (task: Task) => {
    if (shown?.taskId === task.taskId) return;
    setShown({ taskId: task.taskId, previewUrl: null, startedAt: parseTime(task.createdAt) ?? Date.now() });
  };

  return (
    <GenerationWorkspace
      className="cutout-page"
      title={t('cutout.title')}
      subtitle={t('cutout.subtitle')}
      upload={<ImageUploader previewUrl={image?.previewUrl ?? null} onUploaded={onUploaded} />}
      options={<ModelPicker value={model} onChange={setModel} />}
      generate={{ cost: CUTOUT_COST, pending: create.isPending, onGenerate }}
      stage={
        shown ? (
          <TaskView key={shown.taskId} taskId={shown.taskId} previewUrl={shown.previewUrl} startedAt={shown.startedAt} />
        ) : (
          <div className="stage-empty checkerboard">
            <p>{t('cutout.empty')}</p>
          </div>
        )
      }
      history={<CutoutHistory activeTaskId={shown?.taskId ?? null} onSelect={onSelect} />}
    />
  );
}
