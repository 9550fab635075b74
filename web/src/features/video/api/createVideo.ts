/** POST /api/tasks with bizType IMG_2_VEDIO. */
import { useQueryClient } from '@tanstack/react-query';
import { useCreateTask } from '../../../lib/api/tasks';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { VIDEO_BIZ_TYPE, type VideoParams } from '../constants';

export function useCreateVideo() {
  const qc = useQueryClient();
  const create = useCreateTask<VideoParams>();
  return {
    ...create,
    submit: (params: VideoParams, onCreated: (taskId: string) => void) =>
      create.mutate(
        { bizType: VIDEO_BIZ_TYPE, params },
        {
          onSuccess: (r) => {
            // The cost was reserved: refresh the coin count.
            void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
            onCreated(r.taskId);
          },
        },
      ),
  };
}
