/** POST /api/auth/register {mobileId | mail, verifyCode, password, confirmPassword, agreement, inviteCode?} → {token}. */
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { setToken } from '../../../lib/session';

export type RegisterBody = {
  verifyCode: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
  inviteCode?: string;
} & ({ mobileId: string } | { mail: string });

export type RegisterResult = components['schemas']['SignedIn'];

export function register(body: RegisterBody): Promise<RegisterResult> {
  return request<RegisterResult>('/auth/register', {
    method: 'POST',
    body,
    silent: true,
    ignoreUnauthorized: true,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (r) => setToken(r.token),
  });
}
