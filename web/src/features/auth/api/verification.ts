/**
 * The code-sending steps: GET /api/auth/captcha?mobileId= (a PNG; an empty
 * body means requests are too frequent), POST /api/auth/captcha/verify
 * {mobileId, code} → data true/false, then POST /api/auth/sms-code
 * {mobileId} or /api/auth/mail-code {mail} → data {code: 1} when sent.
 */
import { acceptLanguage } from '../../../lib/i18n';
import { apiUrl, isApiError, request } from '../../../lib/api/client';

/** The captcha image, or null when the server answered an empty body. */
export async function fetchCaptcha(account: string): Promise<Blob | null> {
  const res = await fetch(apiUrl('/auth/captcha', { mobileId: account, t: Date.now() }), {
    headers: { 'Accept-Language': acceptLanguage() },
  });
  const blob = await res.blob();
  return res.ok && blob.size > 0 ? blob : null;
}

/** True when the answer is right; a wrong answer (an error answer included) is false. */
export async function verifyCaptcha(account: string, code: string): Promise<boolean> {
  try {
    const data = await request<boolean>('/auth/captcha/verify', {
      method: 'POST',
      body: { mobileId: account, code },
      silent: true,
      ignoreUnauthorized: true,
    });
    return !!data;
  } catch (e) {
    if (isApiError(e) && e.error === 'CAPTCHA_WRONG') return false;
    throw e;
  }
}

/** Sends the code; resolves when `data.code === 1`, else throws with the server's message. */
export async function sendCode(account: string, kind: 'phone' | 'email'): Promise<void> {
  const data = await request<{ code: number; errMsg?: string }>(kind === 'phone' ? '/auth/sms-code' : '/auth/mail-code', {
    method: 'POST',
    body: kind === 'phone' ? { mobileId: account } : { mail: account },
    silent: true,
    ignoreUnauthorized: true,
  });
  if (data?.code !== 1) throw new Error(data?.errMsg || 'not sent');
}
