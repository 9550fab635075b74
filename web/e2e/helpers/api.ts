import { expect, type APIRequestContext } from '@playwright/test';
import { randomPhone } from './auth';

/** Registers a fresh user through the API; returns its phone and bearer token. */
export async function registerThroughApi(request: APIRequestContext): Promise<{ phone: string; token: string }> {
  const phone = randomPhone();
  const res = await request.post('/api/auth/register', { data: { mobileId: phone, password: 'e2e-Passw0rd' } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return { phone, token: body.data.token };
}
