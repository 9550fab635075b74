import { describe, expect, it } from 'vitest';
import { checkAccount, isEmail, isPhone, isValidPassword } from './validation';

describe('phone', () => {
  it('is 11 digits starting with 1', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone(' 13800138000 ')).toBe(true);
    expect(isPhone('23800138000')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
    expect(isPhone('138001380001')).toBe(false);
    expect(isPhone('1380013800a')).toBe(false);
    expect(isPhone('')).toBe(false);
  });
});

describe('email', () => {
  it('follows the usual pattern', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('First.Last+tag@mail.example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a@b.c')).toBe(false);
    expect(isEmail('@b.com')).toBe(false);
    expect(isEmail('a@@b.com')).toBe(false);
    expect(isEmail('a b@c.com')).toBe(false);
    expect(isEmail('a@-b.com')).toBe(false);
  });
});

describe('account (phone or email)', () => {
  it('phone when all digits, email when it has @, else the combined message', () => {
    expect(checkAccount('13800138000')).toEqual({ ok: true, kind: 'phone', value: '13800138000' });
    expect(checkAccount('User@Example.com')).toEqual({ ok: true, kind: 'email', value: 'user@example.com' });
    expect(checkAccount('12345')).toEqual({ ok: false, error: 'invalidPhone' });
    expect(checkAccount('user@example')).toEqual({ ok: false, error: 'invalidEmail' });
    expect(checkAccount('username')).toEqual({ ok: false, error: 'invalidAccount' });
    expect(checkAccount('')).toEqual({ ok: false, error: 'invalidAccount' });
  });
});

describe('password', () => {
  it('is 8 to 64 characters', () => {
    expect(isValidPassword('1234567')).toBe(false);
    expect(isValidPassword('12345678')).toBe(true);
    expect(isValidPassword('x'.repeat(64))).toBe(true);
    expect(isValidPassword('x'.repeat(65))).toBe(false);
  });
});
