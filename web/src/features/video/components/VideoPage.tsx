import { CapabilityGate } from '../../../components/CapabilityGate';
import { ImageUploader } from '../../../components/ImageUploader';
import { ChipGroup, RangeField, SelectField } from '../../../components/OptionFields';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { useI18n } from '../../../lib/i18n';
import { useTaskForm } from '../../../lib/useTaskForm';
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
  const page = useTaskForm<VideoForm, VideoParams>({
    bizType: VIDEO_BIZ_TYPE,
    initial: initialVideoForm,
    build: (form) => {
      const built = buildVideoParams(form);
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
            min={MOTION_DISTANCES[0]}
            max={MOTION_DISTANCES[MOTION_DISTANCES.length - 1]}
            step={1}
            value={form.motionDistance}
            onChange={set('motionDistance')}
          />
          <SelectField
            label={vt('duration')}
            testId="video-duration"
            options={DURATIONS}
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
            optionLabel={(r) => `${r} · ${t('workspace.cost', { n: VIDEO_COST[r] })}`}
            onChange={set('resolutionRatio')}
          />
        </div>
      }
      bizType={VIDEO_BIZ_TYPE}
      page={page}
      cost={VIDEO_COST[form.resolutionRatio]}
      renderTask={(shown) => <VideoTaskView taskId={shown.taskId} startedAt={shown.startedAt} />}
      empty={vt('empty')}
      historyTitle={vt('history')}
    />
  );
}
