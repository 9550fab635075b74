/** Tenants' dedicated pools (`/api/admin/tenants`, admin role only). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

/** A tenant and its pool (`default` when the tenant shares the common pool). */
export type TenantPool = components['schemas']['TenantPoolDto'];

export const tenantPoolKeys = { all: ['admin', 'tenants'] as const };

/** Pool names as a worker's `--pool` accepts them: 1–64 of a-z 0-9 - _. */
export function isValidPoolName(raw: string): boolean {
  return /^[a-z0-9_-]{1,64}$/.test(raw);
}

export function useTenantPools(enabled: boolean) {
  return useQuery({
    queryKey: tenantPoolKeys.all,
    queryFn: () => request<{ list: TenantPool[] }>('/admin/tenants', { silent: true }).then((d) => d.list),
    enabled,
  });
}

export function useAssignPool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, pool }: { tenantId: number; pool: string | null }) =>
      request<TenantPool>(`/admin/tenants/${tenantId}/pool`, { method: 'PUT', body: { pool } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
