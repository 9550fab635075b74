import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { closeLoginDialog, getToken, isLoginDialogOpen, openLoginDialog, setToken } from '../../../lib/session';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginDialog, isValidCode, validateAccount } from './LoginDialog';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:captcha');
  URL.revokeObjectURL = vi.fn();
  openLoginDialog();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  closeLoginDialog();
  setToken(null);
  setLang('zh');
  dismissToast();
});

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('auth-submit'));
const png = () => new Response(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { status: 200 });
const bodyOf = (path: string) => {
  const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith(path)) as [string, RequestInit];
  return JSON.parse(call[1].body as string);
};

/** A server for the code flow: captcha answer "abcd", SMS sends, login answers `login`. */
function codeServer(login: unknown = { code: 0, msg: '', data: { token: 'tok', tokenType: 'bearer' } }) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const u = String(url);
    if (u.startsWith('/api/auth/captcha?')) return png();
    if (u === '/api/auth/captcha/verify') {
      const ok = JSON.parse(init?.body as string).code === 'abcd';
      return ok
        ? jsonResponse(200, { code: 0, msg: '', data: true })
        : jsonResponse(400, { code: 1015, msg: '验证失败请重试', error: 'CAPTCHA_WRONG', data: false });
    }
    if (u === '/api/auth/sms-code' || u === '/api/auth/mail-code') return jsonResponse(200, { code: 0, msg: '', data: { code: 1 } });
    if (u === '/api/auth/login') return jsonResponse(200, login);
    return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND' });
  });
}

describe('rules', () => {
  it('phone, email, either and code', () => {
    expect(validateAccount('', 'phone')).toEqual({ ok: false, key: 'auth.phoneRequired' });
    expect(validateAccount('2380013800', 'phone')).toEqual({ ok: false, key: 'auth.invalidPhone' });
    expect(validateAccount('13800138000', 'phone')).toMatchObject({ ok: true, kind: 'phone' });
    expect(validateAccount('a@b', 'email')).toEqual({ ok: false, key: 'auth.invalidEmail' });
    expect(validateAccount('A@B.com', 'email')).toMatchObject({ ok: true, value: 'a@b.com' });
    expect(validateAccount('alice', 'either')).toEqual({ ok: false, key: 'auth.invalidAccount' });
    expect(isValidCode('123456')).toBe(true);
    for (const bad of ['', '12345', '1234567', '12a456']) expect(isValidCode(bad)).toBe(false);
  });
});

describe('LoginDialog', () => {
  it('has SMS and password tabs; the email tab only in English', () => {
    const { unmount } = renderWithProviders(<LoginDialog />);
    expect(screen.getByTestId('tab-sms')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tab-password')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-mail')).toBeNull();
    unmount();
    setLang('en');
    renderWithProviders(<LoginDialog />);
    expect(screen.getByTestId('tab-mail')).toHaveTextContent('Email code');
  });

  it('enables login only with account, code and the agreement (ticked at start)', () => {
    renderWithProviders(<LoginDialog />);
    const button = screen.getByTestId('auth-submit');
    expect(screen.getByTestId('agreement-checkbox')).toBeChecked();
    expect(button).toBeDisabled();
    fill('account-input', '13800138000');
    expect(button).toBeDisabled();
    fill('code-input', '123456');
    expect(button).toBeEnabled();
    fireEvent.click(screen.getByTestId('agreement-checkbox'));
    expect(button).toBeDisabled();
    expect(screen.getByTestId('agreement-hint')).toHaveTextContent('请阅读并勾选');
  });

  it('checks the phone before sending and the code format before logging in', () => {
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('send-code-button'));
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请输入手机号～');
    fill('account-input', '1380013800');
    fireEvent.click(screen.getByTestId('send-code-button'));
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请输入正确的手机号码');
    fill('account-input', '13800138000');
    fill('code-input', '12345');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请输入正确的验证码');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('captcha first: a wrong answer loads a new image, a right one sends the code and starts the 60 s countdown', async () => {
    codeServer();
    renderWithProviders(<LoginDialog />);
    fill('account-input', '13800138000');
    fireEvent.click(screen.getByTestId('send-code-button'));
    await waitFor(() => expect(screen.getByTestId('captcha-image')).toBeInTheDocument());
    fill('captcha-input', 'zzzz');
    await act(async () => fireEvent.click(screen.getByTestId('captcha-submit')));
    await waitFor(() => expect(screen.getByTestId('captcha-error')).toHaveTextContent('验证失败请重试'));
    const captchaLoads = () => fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/auth/captcha?')).length;
    await waitFor(() => expect(captchaLoads()).toBe(2));
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/auth/sms-code')).toBe(false);

    fill('captcha-input', 'abcd');
    await act(async () => fireEvent.click(screen.getByTestId('captcha-submit')));
    await waitFor(() => expect(screen.queryByTestId('captcha-panel')).toBeNull());
    expect(bodyOf('/api/auth/sms-code')).toEqual({ mobileId: '13800138000' });
    expect(getToast()?.message).toBe('验证码已发送～');
    const send = screen.getByTestId('send-code-button');
    expect(send).toBeDisabled();
    expect(send).toHaveTextContent('60秒后重新获取');
  });

  it('an empty captcha image means too frequent', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([]), { status: 200 }));
    renderWithProviders(<LoginDialog />);
    fill('account-input', '13800138000');
    fireEvent.click(screen.getByTestId('send-code-button'));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('请求频繁，请稍后再试'));
    expect(screen.queryByTestId('captcha-panel')).toBeNull();
  });

  it('SMS login sends the code and tells a new phone it was registered', async () => {
    codeServer({ code: 0, msg: '', data: { token: 'tok', tokenType: 'bearer', registered: true } });
    renderWithProviders(<LoginDialog />);
    fill('account-input', '13800138000');
    fill('code-input', '654321');
    await act(async () => submit());
    await waitFor(() => expect(getToken()).toBe('tok'));
    expect(bodyOf('/api/auth/login')).toEqual({
      loginType: 'sms_code',
      mobileId: '13800138000',
      verifyCode: '654321',
      agreement: true,
    });
    expect(getToast()?.message).toBe('该手机号尚未注册，将为您直接注册并登录');
  });

  it('email code login (English)', async () => {
    setLang('en');
    codeServer();
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-mail'));
    fill('account-input', 'a@b');
    fireEvent.click(screen.getByTestId('send-code-button'));
    expect(screen.getByTestId('auth-error')).toHaveTextContent('Please enter a correct email');
    fill('account-input', 'Shop@Example.com');
    fill('code-input', '111222');
    await act(async () => submit());
    await waitFor(() => expect(getToken()).toBe('tok'));
    expect(bodyOf('/api/auth/login')).toEqual({
      loginType: 'mail_code',
      mail: 'shop@example.com',
      verifyCode: '111222',
      agreement: true,
    });
  });

  it('password login failure shows the server msg, else 用户名密码输入错误', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 1006, msg: '账号或密码不对', error: 'LOGIN_FAILED' }));
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-password'));
    expect(screen.queryByTestId('code-input')).toBeNull();
    fill('account-input', '13800138000');
    fill('password-input', 'secret1');
    submit();
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('账号或密码不对'));
    expect(isLoginDialogOpen()).toBe(true);
    expect(bodyOf('/api/auth/login')).toEqual({
      loginType: '',
      username: '13800138000',
      password: 'secret1',
      agreement: true,
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 1006, msg: '', error: 'LOGIN_FAILED' }));
    submit();
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('用户名密码输入错误'));
  });

  it('a password login the server asks for a captcha shows one, then logs in again', async () => {
    let logins = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.startsWith('/api/auth/captcha?')) return png();
      if (u === '/api/auth/captcha/verify') {
        const ok = JSON.parse(init?.body as string).code === 'abcd';
        return ok
          ? jsonResponse(200, { code: 0, msg: '', data: true })
          : jsonResponse(400, { code: 1015, msg: '验证失败请重试', error: 'CAPTCHA_WRONG', data: false });
      }
      if (u === '/api/auth/login') {
        logins += 1;
        return logins === 1
          ? jsonResponse(400, {
              code: 1016,
              msg: '请先完成图形验证',
              error: 'CAPTCHA_REQUIRED',
              data: { captchaRequired: true },
            })
          : jsonResponse(200, { code: 0, msg: '', data: { token: 'tok', tokenType: 'bearer' } });
      }
      if (u === '/api/user/info') return jsonResponse(200, { code: 0, msg: '', data: { user: { id: 7 }, points: 500 } });
      return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND' });
    });
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-password'));
    fill('account-input', '13800138000');
    fill('password-input', 'secret-pass');
    await act(async () => submit());
    await waitFor(() => expect(screen.getByTestId('captcha-panel')).toBeInTheDocument());
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请先完成图形验证');
    const captchaUrl = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/auth/captcha?'));
    expect(captchaUrl).toContain('mobileId=13800138000');
    fill('captcha-input', 'abcd');
    await act(async () => fireEvent.click(screen.getByTestId('captcha-submit')));
    await waitFor(() => expect(getToken()).toBe('tok'));
    expect(logins).toBe(2);
    // No code is sent for a login captcha.
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/sms-code')).toBe(false);
    const last = fetchMock.mock.calls.filter(([u]) => String(u) === '/api/auth/login').at(-1) as [string, RequestInit];
    expect(JSON.parse(last[1].body as string)).toEqual({
      loginType: '',
      username: '13800138000',
      password: 'secret-pass',
      agreement: true,
    });
  });

  it('register: passwords must match (zh and en), then code + passwords + agreement are sent', async () => {
    const { unmount } = renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('link-register'));
    fill('account-input', '13800138000');
    fill('code-input', '123456');
    fill('password-input', 'secret-1');
    fill('confirm-input', 'secret-2');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('两次输入密码不一致～');
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();

    setLang('en');
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/register') return jsonResponse(200, { code: 0, msg: '', data: { token: 'new-token' } });
      if (url === '/api/user/info') return jsonResponse(200, { code: 0, msg: '', data: { user: { id: 7 }, points: 500 } });
      return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND' });
    });
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('link-register'));
    fill('account-input', 'A@Example.com');
    fill('code-input', '123456');
    fill('password-input', 'secret-1');
    fill('confirm-input', 'secret-2');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('Passwords do not match');
    fill('confirm-input', 'secret-1');
    await act(async () => submit());
    await waitFor(() => expect(isLoginDialogOpen()).toBe(false));
    expect(getToken()).toBe('new-token');
    expect(bodyOf('/api/auth/register')).toEqual({
      mail: 'a@example.com',
      verifyCode: '123456',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      agreement: true,
    });
  });

  it('reset password has no agreement box and returns to password login', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: null }));
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('link-reset'));
    expect(screen.queryByTestId('agreement-checkbox')).toBeNull();
    fill('account-input', '13800138000');
    fill('code-input', '123456');
    fill('password-input', 'new-secret');
    fill('confirm-input', 'new-secret');
    await act(async () => submit());
    await waitFor(() => expect(screen.getByTestId('tab-password')).toHaveAttribute('aria-selected', 'true'));
    expect(bodyOf('/api/auth/reset-password')).toEqual({
      mobileId: '13800138000',
      verifyCode: '123456',
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(getToast()?.message).toBe('密码已重置，请重新登录');
  });

  it('the mobile SMS screen explains auto-registration', () => {
    renderWithProviders(<LoginDialog variant="mobile" />);
    expect(screen.getByTestId('auto-register-hint')).toHaveTextContent('未注册的手机号，通过验证后将自动注册账号');
  });

  it('?error in the address shows 用户名或密码错误！', () => {
    window.history.replaceState(null, '', '/?error=1');
    renderWithProviders(<LoginDialog />);
    expect(screen.getByTestId('auth-error')).toHaveTextContent('用户名或密码错误！');
    window.history.replaceState(null, '', '/');
  });
});
