/**
 * The benefits centre's calls: GET /api/benefits/products, GET /api/ledger,
 * GET/POST /api/orders, GET /api/orders/{orderNo} (polled while the QR is
 * shown) and POST /api/orders/{orderNo}/cancel.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { USER_INFO_QUERY_KEY, useToken } from '../../../lib/session';
import { orderPollInterval } from '../rules';

type Schemas = components['schemas'];

/** A plan or a pack on sale (the shop's ProductDto). */
export type Product = Schemas['ProductDto'];

export type Products = Schemas['ProductsDto'];

/**
 * A ledger line (LedgerEntryDto), except `bucket`, which the API's schema
 * types as a string (its description: topup, plan or free).
 */
export type LedgerEntry = Omit<Schemas['LedgerEntryDto'], 'bucket'> & { bucket: 'topup' | 'plan' | 'free' };

export type Payment = Schemas['PaymentDto'];

/** `status`: the original app's codes (0 pending … 6 refunded). */
export type Order = Schemas['OrderDto'];

/** A page of a list (the API's PageDto<T>, which has no schema of its own). */
export interface Page<T> {
  list: T[];
  total: number;
}

export const benefitsKey = ['benefits'] as const;

export function useProducts() {
  return useQuery({
    queryKey: [...benefitsKey, 'products'],
    queryFn: ({ signal }) => api.get<Products>('/benefits/products', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLedger(pageNum: number, pageSize = 10) {
  const token = useToken();
  return useQuery({
    queryKey: [...benefitsKey, 'ledger', token, pageNum, pageSize],
    queryFn: ({ signal }) => api.get<Page<LedgerEntry>>('/ledger', { pageNum, pageSize }, { signal }),
    enabled: !!token,
  });
}

export function useOrders(pageNum: number, pageSize = 10) {
  const token = useToken();
  return useQuery({
    queryKey: [...benefitsKey, 'orders', token, pageNum, pageSize],
    queryFn: ({ signal }) => api.get<Page<Order>>('/orders', { pageNum, pageSize }, { signal }),
    enabled: !!token,
  });
}

/** One order, polled every 2 s while it can still be paid. */
export function useOrder(orderNo: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...benefitsKey, 'order', orderNo],
    queryFn: async ({ signal }) => {
      const order = await api.get<Order>(`/orders/${orderNo}`, undefined, { signal });
      if (order.status === 1) {
        // Paid: balances, plan and the lists changed.
        void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
        void qc.invalidateQueries({ queryKey: [...benefitsKey, 'ledger'] });
        void qc.invalidateQueries({ queryKey: [...benefitsKey, 'orders'] });
      }
      return order;
    },
    enabled: !!orderNo,
    refetchInterval: (q) => orderPollInterval(q.state.data?.status),
  });
}

export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    // The pending-order answer is handled by the page (a choice, not a toast).
    mutationFn: (productId: string) => api.post<Order>('/orders', { productId }, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...benefitsKey, 'orders'] }),
  });
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => api.post<Order>(`/orders/${orderNo}/cancel`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: benefitsKey }),
  });
}
