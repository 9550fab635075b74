/** POST /api/tasks with bizType QR_CODE_ART. */
import { useQueryClient } from '@tanstack/react-query';
import { useCreateTask } from '../../../lib/api/tasks';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { QR_BIZ_TYPE, type QrParams } from '../constants';

export function useCreateQrCode() {
  const qc = useQueryClient();
  const create = useCreateTask<QrParams>();
  return {
    ...create,
    submit: (params: QrParams, onCreated: (taskId: string) => void) =>
      create.mutate(
        { bizType: QR_BIZ_TYPE, params },
        {
          onSuccess: (r) => {
            void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
            onCreated(r.taskId);
          },
        },
      ),
  };
}
