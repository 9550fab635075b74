/**
 * POST /api/auth/login: password (`loginType: ""`, username, password), SMS
 * code (`sms_code`, mobileId, verifyCode) or email code (`mail_code`, mail,
 * verifyCode) → {token, tokenType, registered, hint?, mobileHint?}.
 */
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { setToken } from '../../../lib/session';

export type LoginBody =
  | { loginType: ''; username: string; password: string }
  | { loginType: 'sms_code'; mobileId: string; verifyCode: string; inviteCode?: string }
  | { loginType: 'mail_code'; mail: string; verifyCode: string };

/** `registered`: true when an SMS sign-in created the account (then `hint`, `mobileHint`). */
export type LoginResult = components['schemas']['SignedIn'];

export function login(body: LoginBody): Promise<LoginResult> {
  return request<LoginResult>('/auth/login', {
    method: 'POST',
    body: { ...body, agreement: true },
    silent: true,
    ignoreUnauthorized: true,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (r) => setToken(r.token),
  });
}
