/**
 * The profile fields of GET /api/user/info (same query as the session's, so
 * the cache is shared): user name, phone, email and the tenant.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { USER_INFO_QUERY_KEY, useToken } from '../../../lib/session';

/** The user part of the user info (UserInfoDto's UserDto). */
export type Profile = Pick<components['schemas']['UserInfoDto'], 'user'>;

export function useProfile() {
  const token = useToken();
  return useQuery({
    queryKey: [...USER_INFO_QUERY_KEY, token],
    queryFn: ({ signal }) => request<Profile>('/user/info', { signal, silent: true }),
    enabled: !!token,
    staleTime: 60_000,
  });
}
