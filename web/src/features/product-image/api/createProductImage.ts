/** POST /api/tasks and POST /api/batches with bizType PRODUCT_IMAGE. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useCreateTask } from '../../../lib/api/tasks';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { PRODUCT_IMAGE_BIZ_TYPE, type ProductParams } from '../constants';

export function useCreateProductImage() {
  const qc = useQueryClient();
  const create = useCreateTask<ProductParams>();
  return {
    ...create,
    submit: (params: ProductParams, onCreated: (taskId: string) => void) =>
      create.mutate(
        { bizType: PRODUCT_IMAGE_BIZ_TYPE, params },
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

export interface CreatedBatch {
  batchId: string;
  total: number;
  taskIds: string[];
}

/** One background setting over many products, charged per image. */
export function useCreateProductBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: ProductParams[]) =>
      request<CreatedBatch>('/batches', {
        method: 'POST',
        body: { bizType: PRODUCT_IMAGE_BIZ_TYPE, items: items.map((params) => ({ params })) },
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
      void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
    },
  });
}
