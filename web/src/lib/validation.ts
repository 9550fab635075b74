/**
 * Account rules, the same as the server's `shared::domain::account`: a
 * phone is 11 digits starting with 1; an email has the usual
 * local@domain.tld form; an account is an email when it has an `@`, a phone
 * when it is all digits, otherwise neither. New passwords are 8 to 64 chars.
 */
export const PHONE_LENGTH = 11;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export function isPhone(raw: string): boolean {
  return /^1\d{10}$/.test(raw.trim());
}

export function isEmail(raw: string): boolean {
  const s = raw.trim().toLowerCase();
  if (s.length > 254) return false;
  const at = s.indexOf('@');
  if (at < 0 || s.indexOf('@', at + 1) >= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (!local || local.length > 64 || !/^[a-z0-9._%+-]+$/.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const labelsOk = labels.every((l) => l.length > 0 && !l.startsWith('-') && !l.endsWith('-') && /^[a-z0-9-]+$/.test(l));
  return labelsOk && labels[labels.length - 1].length >= 2;
}

export type AccountKind = 'phone' | 'email';
export type AccountError = 'invalidPhone' | 'invalidEmail' | 'invalidAccount';

export type AccountCheck = { ok: true; kind: AccountKind; value: string } | { ok: false; error: AccountError };

export function checkAccount(raw: string): AccountCheck {
  const s = raw.trim();
  if (s.includes('@')) {
    return isEmail(s) ? { ok: true, kind: 'email', value: s.toLowerCase() } : { ok: false, error: 'invalidEmail' };
  }
  if (s && /^\d+$/.test(s)) {
    return isPhone(s) ? { ok: true, kind: 'phone', value: s } : { ok: false, error: 'invalidPhone' };
  }
  return { ok: false, error: 'invalidAccount' };
}

export function isValidPassword(raw: string): boolean {
  const n = [...raw].length;
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX;
}
