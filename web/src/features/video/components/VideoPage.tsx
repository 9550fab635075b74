import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { ChipGroup, RangeField, SelectField } from '../../../components/OptionFields';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import {
  FORMATS,
  RESOLUTIONS,
  SPEEDS,
  VIDEO_BIZ_TYPE,
  VIDEO_LIMITS,
  buildVideoParams,
  durationOptions,
  initialVideoForm,
  type Resolution,
  type VideoForm,
  type VideoParams,
} from '../constants';
import { videoText } from '../text';
import { CameraPicker } from './CameraPicker';
import { VideoTaskView } from './VideoTaskView';
import '../video.css';

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
  const { taskTypes } = useTaskTypes();
  const limits = limitsOf(taskTypes, VIDEO_BIZ_TYPE, VIDEO_LIMITS);
  const price = (resolution: Resolution) => priceOf(taskTypes, VIDEO_BIZ_TYPE, { resolution });
  const page = useTaskForm<VideoForm, VideoParams>({
    bizType: VIDEO_BIZ_TYPE,
    initial: initialVideoForm,
    build: (form) => {
      const built = buildVideoParams(form, limits);
      return 'missing' in built ? { missing: vt(built.missing) } : built;
    },
  });
  const { form, set } = page;
  const preview = page.previews.imageUrl ?? null;

  return (
    <TaskWorkspace
      className="video-page"
      title={vt('title')}
      subtitle={vt('subtitle')}
      upload={<ImageUploader previewUrl={preview} onUploaded={page.upload('imageUrl')} />}
      options={
        <div className="options video-options">
          <CameraPicker value={form.lenControl} previewUrl={preview} speed={form.speed} onChange={set('lenControl')} />
          <ChipGroup
            legend={vt('speed')}
            testId="video-speed"
            name="video-speed"
            options={SPEEDS}
            value={form.speed}
            optionLabel={(s) => vt(`speed.${s}`)}
            onChange={set('speed')}
          />
          <RangeField
            label={vt('distance')}
            valueLabel={<span data-testid="video-distance-value">{form.motionDistance}</span>}
            testId="video-distance"
            min={limits?.motionDistanceMin ?? form.motionDistance}
            max={limits?.motionDistanceMax ?? form.motionDistance}
            step={1}
            value={form.motionDistance}
            disabled={!limits}
            onChange={set('motionDistance')}
          />
          <SelectField
            label={vt('duration')}
            testId="video-duration"
            options={durationOptions(limits)}
            value={form.duration}
            optionLabel={(d) => vt('seconds', { n: d })}
            onChange={set('duration')}
          />
          <ChipGroup
            legend={vt('format')}
            testId="video-format"
            name="video-format"
            options={FORMATS}
            value={form.format}
            optionLabel={(f) => f.toUpperCase()}
            onChange={set('format')}
          />
          <ChipGroup
            legend={vt('resolution')}
            testId="video-resolution"
            name="video-resolution"
            options={RESOLUTIONS}
            value={form.resolutionRatio}
            optionLabel={(r) => {
              const n = price(r);
              return n === null ? r : `${r} · ${t('workspace.cost', { n })}`;
            }}
            onChange={set('resolutionRatio')}
          />
        </div>
      }
      bizType={VIDEO_BIZ_TYPE}
      page={page}
      cost={price(form.resolutionRatio)}
      renderTask={(shown) => <VideoTaskView taskId={shown.taskId} startedAt={shown.startedAt} />}
      empty={vt('empty')}
      historyTitle={vt('history')}
    />
  );
}
