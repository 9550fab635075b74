/** POST /api/tasks for the diffusion task family. */
import { useQueryClient } from '@tanstack/react-query';
import { useCreateTask } from '../../../lib/api/tasks';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import type { DiffusionBizType } from '../constants';

export function useCreateDiffusion(bizType: DiffusionBizType) {
  const qc = useQueryClient();
  const create = useCreateTask<Record<string, unknown>>();
  return {
    ...create,
    submit: (params: Record<string, unknown>, onCreated: (taskId: string) => void) =>
      create.mutate(
        { bizType, params },
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
