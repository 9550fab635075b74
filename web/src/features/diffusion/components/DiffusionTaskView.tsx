import { ImageResultGrid } from '../../../components/ImageResultGrid';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { useI18n } from '../../../lib/i18n';

/** One diffusion task: per-step progress while it runs, then the images. */
export function DiffusionTaskView({ taskId, startedAt }: { taskId: string; startedAt: number }) {
  const { t } = useI18n();
  return (
    <TaskStatusView taskId={taskId} startedAt={startedAt} text={{ generating: t('diffusion.generating'), failed: t('diffusion.failed') }}>
      {(task) => (
        <ImageResultGrid
          task={task}
          className="diffusion-results"
          alt={(i) => `${i + 1}`}
          download={{ label: t('diffusion.download'), fileName: (i) => `${task.bizType}-${task.taskId}-${i + 1}.png` }}
        />
      )}
    </TaskStatusView>
  );
}
