/**
 * The profile fields of GET /api/user/info (same query as the session's, so
 * the cache is shared): user name, phone, email and the tenant.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { USER_INFO_QUERY_KEY, useToken } from '../../../lib/session';

export interface Profile {
  user: {
    id: number | string;
    userName: string | null;
    phone: string | null;
    email: string | null;
    tenant: string | null;
    tenantName: string | null;
    tenantId: number | string | null;
    tenantIcon: string | null;
    companyName: string | null;
  };
}

export function useProfile() {
  const token = useToken();
  return useQuery({
    queryKey: [...USER_INFO_QUERY_KEY, token],
    queryFn: ({ signal }) => request<Profile>('/user/info', { signal, silent: true }),
    enabled: !!token,
    staleTime: 60_000,
  });
}
