import { CheckIcon } from '../../../components/icons';
import { ImageResultGrid } from '../../../components/ImageResultGrid';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { useI18n } from '../../../lib/i18n';
import { qrFileName } from '../constants';

/**
 * One QR task: progress, then the codes. Every delivered code was decoded
 * by the worker as delivered and after a downscale, a blur and JPEG
 * compression, so each carries the "scans" badge.
 */
export function QrTaskView({ taskId, startedAt }: { taskId: string; startedAt: number }) {
  const { t } = useI18n();
  const badge = (
    <span className="qr-scans-badge" data-testid="qr-scans-badge" title={t('qr.scans.title')}>
      <CheckIcon /> {t('qr.scans')}
    </span>
  );
  return (
    <TaskStatusView taskId={taskId} startedAt={startedAt} text={{ generating: t('qr.generating'), failed: t('qr.failed') }}>
      {(task) => (
        <ImageResultGrid
          task={task}
          className="qr-results"
          itemTestId="qr-result"
          itemClassName="qr-result"
          badge={badge}
          alt={(i) => `QR ${i + 1}`}
          download={{ testId: 'qr-download', label: t('qr.download'), fileName: (i) => qrFileName(task.taskId, i) }}
        />
      )}
    </TaskStatusView>
  );
}
