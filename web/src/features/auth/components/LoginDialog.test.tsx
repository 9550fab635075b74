import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { closeLoginDialog, getToken, isLoginDialogOpen, openLoginDialog, setToken } from '../../../lib/session';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginDialog } from './LoginDialog';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  openLoginDialog();
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeLoginDialog();
  setToken(null);
  setLang('zh');
  dismissToast();
});

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('auth-submit'));

describe('LoginDialog', () => {
  it('enables login only with account, password and the agreement (ticked at start)', () => {
    renderWithProviders(<LoginDialog />);
    const button = screen.getByTestId('auth-submit');
    expect(screen.getByTestId('agreement-checkbox')).toBeChecked();
    expect(button).toBeDisabled();
    fill('account-input', '13800138000');
    expect(button).toBeDisabled();
    fill('password-input', 'secret1');
    expect(button).toBeEnabled();
    fireEvent.click(screen.getByTestId('agreement-checkbox'));
    expect(button).toBeDisabled();
    expect(screen.getByTestId('agreement-hint')).toHaveTextContent('请阅读并勾选');
  });

  it('shows the spec messages for a bad phone, email or account', () => {
    renderWithProviders(<LoginDialog />);
    fill('password-input', 'secret1');
    fill('account-input', '1380013800');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请输入正确的手机号码');
    fill('account-input', 'a@b');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请输入正确的邮箱');
    fill('account-input', 'alice');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('请输入正确的手机号码/邮箱');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('register: passwords must match', () => {
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-register'));
    fill('account-input', '13800138000');
    fill('password-input', 'secret1');
    fill('confirm-input', 'secret2');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('两次输入密码不一致～');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('register: English message', () => {
    setLang('en');
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-register'));
    fill('account-input', 'a@example.com');
    fill('password-input', 'secret1');
    fill('confirm-input', 'secret2');
    submit();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('Passwords do not match');
  });

  it('login failure shows the server msg', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 1006, msg: '账号或密码不对', error: 'LOGIN_FAILED' }));
    renderWithProviders(<LoginDialog />);
    fill('account-input', '13800138000');
    fill('password-input', 'secret1');
    submit();
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('账号或密码不对'));
    expect(isLoginDialogOpen()).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(init.body as string)).toEqual({ loginType: '', username: '13800138000', password: 'secret1' });
  });

  it('login failure without a server msg shows 用户名密码输入错误', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 1006, msg: '', error: 'LOGIN_FAILED' }));
    renderWithProviders(<LoginDialog />);
    fill('account-input', 'a@example.com');
    fill('password-input', 'secret1');
    submit();
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('用户名密码输入错误'));
  });

  it('register stores the token and closes once user info has an id', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/register') return jsonResponse(200, { code: 0, msg: '', data: { token: 'new-token' } });
      if (url === '/api/user/info') {
        return jsonResponse(200, { code: 0, msg: '', data: { user: { id: 7, phone: '13800138000' }, points: 500 } });
      }
      return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND' });
    });
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-register'));
    fill('account-input', '13800138000');
    fill('password-input', 'secret1');
    fill('confirm-input', 'secret1');
    await act(async () => submit());
    await waitFor(() => expect(isLoginDialogOpen()).toBe(false));
    expect(getToken()).toBe('new-token');
    const registerCall = fetchMock.mock.calls.find(([u]) => u === '/api/auth/register') as [string, RequestInit];
    expect(JSON.parse(registerCall[1].body as string)).toEqual({ mobileId: '13800138000', password: 'secret1' });
    expect(screen.queryByTestId('login-dialog')).toBeNull();
  });

  it('register with an email sends mail', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { code: 1005, msg: '该账号已注册，请直接登录', error: 'ACCOUNT_EXISTS' }));
    renderWithProviders(<LoginDialog />);
    fireEvent.click(screen.getByTestId('tab-register'));
    fill('account-input', 'A@Example.com');
    fill('password-input', 'secret1');
    fill('confirm-input', 'secret1');
    submit();
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('该账号已注册，请直接登录'));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ mail: 'a@example.com', password: 'secret1' });
  });
});
