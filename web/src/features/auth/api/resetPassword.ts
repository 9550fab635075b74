/** POST /api/auth/reset-password {mobileId | mail, verifyCode, password, confirmPassword} → null. */
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

export type ResetBody = { verifyCode: string; password: string; confirmPassword: string } & (
  | { mobileId: string }
  | { mail: string }
);

export function resetPassword(body: ResetBody): Promise<null> {
  return request<null>('/auth/reset-password', { method: 'POST', body, silent: true, ignoreUnauthorized: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
