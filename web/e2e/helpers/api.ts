import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomPhone } from './auth';

/** The answer of the captcha last drawn for the account (development sender only). */
export async function devCaptchaAnswer(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.get(`/api/dev/captcha?mobileId=${encodeURIComponent(account)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { code: string } };
  return body.data.code;
}

/** The newest code the development sender sent to the phone or email, if any. */
export async function devOutboxCode(request: APIRequestContext, account: string): Promise<string | undefined> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(account)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { code: string }[] };
  return body.data[0]?.code;
}

/** Solves a captcha and has an SMS (or mail) code sent; returns the code from the outbox. */
export async function requestCodeThroughApi(request: APIRequestContext, account: string): Promise<string> {
  const image = await request.get(`/api/auth/captcha?mobileId=${encodeURIComponent(account)}`);
  expect(image.ok()).toBe(true);
  expect((await image.body()).length).toBeGreaterThan(0);
  const answer = await devCaptchaAnswer(request, account);
  const verify = await request.post('/api/auth/captcha/verify', { data: { mobileId: account, code: answer } });
  expect(((await verify.json()) as { data: boolean }).data).toBe(true);
  const send = account.includes('@')
    ? await request.post('/api/auth/mail-code', { data: { mail: account } })
    : await request.post('/api/auth/sms-code', { data: { mobileId: account } });
  expect(((await send.json()) as { data: { code: number } }).data.code).toBe(1);
  const code = await devOutboxCode(request, account);
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

/** Registers a fresh user through the API (code flow); returns its phone and bearer token. */
export async function registerThroughApi(request: APIRequestContext): Promise<{ phone: string; token: string }> {
  const phone = randomPhone();
  const verifyCode = await requestCodeThroughApi(request, phone);
  const res = await request.post('/api/auth/register', {
    data: {
      mobileId: phone,
      verifyCode,
      password: 'e2e-Passw0rd',
      confirmPassword: 'e2e-Passw0rd',
      agreement: true,
    },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return { phone, token: body.data.token };
}

/** Signs the page in with a bearer token before any of its scripts run. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('USER_TOKEN', t), token);
}
