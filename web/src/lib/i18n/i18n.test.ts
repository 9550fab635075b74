import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY, getLang, messages, reloadLang, setLang, t, useI18n } from '.';

afterEach(() => setLang('zh'));

describe('i18n', () => {
  it('defaults to Chinese', () => {
    localStorage.removeItem(LANG_STORAGE_KEY);
    reloadLang();
    expect(getLang()).toBe('zh');
    expect(t('auth.passwordMismatch')).toBe('两次输入密码不一致～');
  });

  it('switches to English and stores the choice under I18_NEXT_LANGUAGE', () => {
    setLang('en');
    expect(getLang()).toBe('en');
    expect(localStorage.getItem('I18_NEXT_LANGUAGE')).toBe('en');
    expect(t('auth.passwordMismatch')).toBe('Passwords do not match');
    expect(document.documentElement.lang).toBe('en');
    setLang('zh');
    expect(localStorage.getItem('I18_NEXT_LANGUAGE')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('reads a stored language at startup and ignores junk', () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    reloadLang();
    expect(getLang()).toBe('en');
    localStorage.setItem(LANG_STORAGE_KEY, 'fr');
    reloadLang();
    expect(getLang()).toBe('zh');
  });

  it('fills placeholders', () => {
    expect(t('cutout.cost', { n: 5 }, 'zh')).toBe('5 灵石');
    expect(t('cutout.cost', { n: 5 }, 'en')).toBe('5 coins');
  });

  it('has every string in both languages', () => {
    for (const [key, entry] of Object.entries(messages)) {
      expect(entry.zh, key).toBeTruthy();
      expect(entry.en, key).toBeTruthy();
    }
  });

  it('re-renders components on switch', () => {
    const { result } = renderHook(() => useI18n());
    expect(result.current.t('auth.agreementRequired')).toBe('请阅读并勾选');
    act(() => result.current.setLang('en'));
    expect(result.current.lang).toBe('en');
    expect(result.current.t('auth.agreementRequired')).toBe('Please read and check');
  });

  it("carries the original app's messages", () => {
    expect(messages['auth.loginFailed']).toEqual({ zh: '用户名密码输入错误', en: 'Username or Password Incorrect' });
    expect(messages['auth.invalidPhone'].zh).toBe('请输入正确的手机号码');
    expect(messages['auth.invalidEmail'].zh).toBe('请输入正确的邮箱');
    expect(messages['auth.invalidAccount'].zh).toBe('请输入正确的手机号码/邮箱');
    expect(messages['upload.inProgress'].zh).toBe('上传中');
    expect(messages['cutout.failed'].zh).toBe('生成失败，灵石已返还');
  });
});

describe('strings that once lived beside their pages', () => {
  it('route titles, the video page and the admin page read from the one table', () => {
    expect(t('route.ai-cutout.title', undefined, 'zh')).toBe('AI抠图');
    expect(t('route.ai-cutout.title', undefined, 'en')).toBe('AI Cutout');
    expect(t('video.seconds', { n: 2.5 }, 'zh')).toBe('2.5 秒');
    expect(t('admin.title', undefined, 'en')).toBe('Fleet administration');
  });
});
