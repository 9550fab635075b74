/** POST /api/auth/login {loginType: "", username, password} → {token, tokenType}. */
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { setToken } from '../../../lib/session';

export interface LoginBody {
  username: string;
  password: string;
}

export interface LoginResult {
  token: string;
  tokenType: string;
}

export function login(body: LoginBody): Promise<LoginResult> {
  return request<LoginResult>('/auth/login', {
    method: 'POST',
    body: { loginType: '', username: body.username, password: body.password },
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
