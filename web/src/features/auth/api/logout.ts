/** POST /api/auth/logout → null; the session ends locally whatever the answer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { clearToken } from '../../../lib/session';

export function logout(): Promise<null> {
  return request<null>('/auth/logout', { method: 'POST', silent: true, ignoreUnauthorized: true });
}

export function useLogout(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken();
      qc.clear();
      onDone?.();
    },
  });
}
