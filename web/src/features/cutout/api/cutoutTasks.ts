/** GET /api/tasks/{id} (polled) and GET /api/tasks?bizType=MATTING_IMAGE. */
import { useTask, useTaskHistory } from '../../../lib/api/tasks';
import { CUTOUT_BIZ_TYPE } from '../constants';

export function useCutoutTask(taskId: string | null) {
  return useTask(taskId);
}

export function useCutoutHistory(enabled: boolean) {
  return useTaskHistory(CUTOUT_BIZ_TYPE, enabled);
}
