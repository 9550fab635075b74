/** POST /api/tasks with bizType MATTING_IMAGE. */
import { useQueryClient } from '@tanstack/react-query';
import { useCreateTask } from '../../../lib/api/tasks';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { CUTOUT_BIZ_TYPE, type CutoutModel } from '../constants';

export interface CutoutParams {
  imageUrl: string;
  model?: CutoutModel;
}

export function useCreateCutout() {
  const qc = useQueryClient();
  const create = useCreateTask<CutoutParams>();
  return {
    ...create,
    submit: (params: CutoutParams, onCreated: (taskId: string) => void) =>
      create.mutate(
        { bizType: CUTOUT_BIZ_TYPE, params },
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
