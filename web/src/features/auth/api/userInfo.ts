/** GET /api/user/info: the signed-in user (only fetched while a token is stored). */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { USER_INFO_QUERY_KEY, useToken } from '../../../lib/session';

export interface User {
  id: string | number;
  phone: string | null;
  email: string | null;
  userName: string | null;
  tenant: string | null;
  tenantName: string | null;
  tenantId: string | number | null;
  tenantIcon: string | null;
  companyName: string | null;
}

export interface UserInfo {
  user: User;
  isChatAllow: boolean;
  vipUser: boolean;
  premiumVipUser: boolean;
  professionalOrFlagship: boolean;
  isHotspotTrial: boolean;
  recommended: boolean;
  inviterLink: string | null;
  /** The lingshi balance (the API's field name). */
  points: number | null;
  benefitPackage: {
    remainBeanCount?: number;
    endTime?: string | null;
    product?: { productType?: string } | null;
  } | null;
}

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
