/** POST /api/batches with bizType PRODUCT_IMAGE (single tasks go through useSubmitTask). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { PRODUCT_IMAGE_BIZ_TYPE, type ProductParams } from '../constants';

export type CreatedBatch = components['schemas']['BatchCreatedDto'];

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
