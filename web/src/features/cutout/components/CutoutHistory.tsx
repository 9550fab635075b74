import { TaskHistoryList } from '../../../components/TaskHistoryList';
import type { Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { CUTOUT_BIZ_TYPE } from '../constants';

interface CutoutHistoryProps {
  activeTaskId: string | null;
  onSelect: (task: Task) => void;
}

/** The user's cutouts, newest first as the server lists them. */
export function CutoutHistory({ activeTaskId, onSelect }: CutoutHistoryProps) {
  const { t } = useI18n();
  return <TaskHistoryList bizType={CUTOUT_BIZ_TYPE} title={t('history.title')} activeTaskId={activeTaskId} onSelect={onSelect} />;
}
