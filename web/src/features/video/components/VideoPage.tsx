import { useEffect, useRef, useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { GenerationWorkspace } from '../../../components/GenerationWorkspace';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { TaskHistoryList } from '../../../components/TaskHistoryList';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { useRequireLogin, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateVideo } from '../api/createVideo';
import {
  DURATIONS,
  FORMATS,
  MOTION_DISTANCES,
  RESOLUTIONS,
  SPEEDS,
  VIDEO_BIZ_TYPE,
  VIDEO_COST,
  buildVideoParams,
  initialVideoForm,
  type VideoForm,
} from '../constants';
import { videoText } from '../text';
import { CameraPicker } from './CameraPicker';
import { VideoTaskView } from './VideoTaskView';
import '../video.css';

interface ShownTask {
  taskId: string;
  startedAt: number;
}

/** /ai-video and /ai-video-single: a camera-move clip from one image. */
export function VideoPage() {
  return (
    <CapabilityGate bizType={VIDEO_BIZ_TYPE}>
      <VideoWorkspace />
    </CapabilityGate>
  );
}

function VideoWorkspace() {
  const { lang, t } = useI18n();
  const vt = (k: Parameters<typeof videoText>[1], vars?: Record<string, string | number>) => videoText(lang, k, vars);
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const create = useCreateVideo();
  const [form, setForm] = useState<VideoForm>(initialVideoForm);
  const [preview, setPreview] = useState<string | null>(null);
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
    setForm(initialVideoForm());
    setPreview(null);
  }

  const onUploaded = ({ url, file }: UploadedImage) => {
    const p = URL.createObjectURL(file);
    objectUrls.current.push(p);
    setPreview(p);
    setForm((f) => ({ ...f, imageUrl: url }));
  };

  const onGenerate = () => {
    if (!requireLogin()) return;
    const built = buildVideoParams(form);
    if ('missing' in built) {
      toast.warning(vt(built.missing));
      return;
    }
    create.submit(built.params, (taskId) => setShown({ taskId, startedAt: Date.now() }));
  };

  const onSelect = (task: Task) => {
    if (shown?.taskId === task.taskId) return;
    const created = task.createdAt ? new Date(task.createdAt).getTime() : NaN;
    setShown({ taskId: task.taskId, startedAt: Number.isNaN(created) ? Date.now() : created });
  };

  const set = <K extends keyof VideoForm>(key: K, value: VideoForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <GenerationWorkspace
      className="video-page"
      title={vt('title')}
      subtitle={vt('subtitle')}
      upload={<ImageUploader previewUrl={preview} onUploaded={onUploaded} />}
      options={
        <div className="options video-options">
          <CameraPicker value={form.lenControl} previewUrl={preview} speed={form.speed} onChange={(m) => set('lenControl', m)} />
          <fieldset className="field segmented" data-testid="video-speed">
            <legend>{vt('speed')}</legend>
            {SPEEDS.map((s) => (
              <label key={s} className={form.speed === s ? 'chip active' : 'chip'}>
                <input type="radio" name="video-speed" value={s} checked={form.speed === s} onChange={() => set('speed', s)} />
                {vt(`speed.${s}`)}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>
              {vt('distance')} <output data-testid="video-distance-value">{form.motionDistance}</output>
            </span>
            <input
              type="range"
              min={MOTION_DISTANCES[0]}
              max={MOTION_DISTANCES[MOTION_DISTANCES.length - 1]}
              step={1}
              data-testid="video-distance"
              value={form.motionDistance}
              onChange={(e) => set('motionDistance', Number(e.target.value))}
            />
          </label>
          <label className="field">
            <span>{vt('duration')}</span>
            <select data-testid="video-duration" value={form.duration} onChange={(e) => set('duration', Number(e.target.value))}>
              {DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {vt('seconds', { n: d })}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="field segmented" data-testid="video-format">
            <legend>{vt('format')}</legend>
            {FORMATS.map((f) => (
              <label key={f} className={form.format === f ? 'chip active' : 'chip'}>
                <input type="radio" name="video-format" value={f} checked={form.format === f} onChange={() => set('format', f)} />
                {f.toUpperCase()}
              </label>
            ))}
          </fieldset>
          <fieldset className="field segmented" data-testid="video-resolution">
            <legend>{vt('resolution')}</legend>
            {RESOLUTIONS.map((r) => (
              <label key={r} className={form.resolutionRatio === r ? 'chip active' : 'chip'}>
                <input
                  type="radio"
                  name="video-resolution"
                  value={r}
                  checked={form.resolutionRatio === r}
                  onChange={() => set('resolutionRatio', r)}
                />
                {r} · {t('workspace.cost', { n: VIDEO_COST[r] })}
              </label>
            ))}
          </fieldset>
        </div>
      }
      generate={{ cost: VIDEO_COST[form.resolutionRatio], pending: create.isPending, onGenerate }}
      stage={
        shown ? (
          <VideoTaskView key={shown.taskId} taskId={shown.taskId} startedAt={shown.startedAt} />
        ) : (
          <div className="stage-empty">
            <p>{vt('empty')}</p>
          </div>
        )
      }
      history={<TaskHistoryList bizType={VIDEO_BIZ_TYPE} title={vt('history')} activeTaskId={shown?.taskId ?? null} onSelect={onSelect} />}
    />
  );
}
