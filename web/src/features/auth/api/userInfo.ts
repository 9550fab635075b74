/** GET /api/user/info: the signed-in user (only fetched while a token is stored). */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { USER_INFO_QUERY_KEY, useToken } from '../../../lib/session';

type Schemas = components['schemas'];

/**
 * The signed-in user (UserDto), except `id`: the API sends an integer, the
 * web also accepts a string id (the original app's), and the login dialog
 * treats '' as no user.
 */
export type User = Omit<Schemas['UserDto'], 'id'> & { id: string | number };

/**
 * The user info (UserInfoDto; `points` is the lingshi balance, the API's
 * field name) with `user` as above.
 */
export type UserInfo = Omit<Schemas['UserInfoDto'], 'user'> & { user: User };

export const userInfoKey = USER_INFO_QUERY_KEY;

export function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  // A stale token answers 401: the client clears it and opens the login
  // dialog; no toast for this background check.
  return request<UserInfo>('/user/info', { signal, silent: true });
}

export function useUserInfo() {
  const token = useToken();
  return useQuery({
    queryKey: [...userInfoKey, token],
    queryFn: ({ signal }) => fetchUserInfo(signal),
    enabled: !!token,
    staleTime: 60_000,
  });
}
