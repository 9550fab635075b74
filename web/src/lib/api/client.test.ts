import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n';
import { closeLoginDialog, getToken, isLoginDialogOpen, setToken } from '../session';
import { dismissToast, getToast } from '../toast';
import { ApiError, apiUrl, request, requestBlob } from './client';

type Call = [string, RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
  setLang('zh');
  closeLoginDialog();
  dismissToast();
});

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) as Call;
  return { url, init, headers: new Headers(init.headers) };
}

describe('envelope', () => {
  it('unwraps data on code 0', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: { token: 't1' } }));
    await expect(request('/auth/login', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ token: 't1' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(getToast()).toBeNull();
  });

  it('returns null data as null', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: null }));
    await expect(request('/auth/logout', { method: 'POST' })).resolves.toBeNull();
  });

  it('throws a typed ApiError and toasts the server msg', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 2001, msg: '请选择正确的格式', error: 'UPLOAD_BAD_FORMAT', data: null }),
    );
    const err = await request('/uploads', { method: 'POST', body: new FormData() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 2001, error: 'UPLOAD_BAD_FORMAT', msg: '请选择正确的格式', status: 400 });
    expect(getToast()).toMatchObject({ type: 'error', message: '请选择正确的格式' });
  });

  it('treats a non-zero code as failure even with HTTP 200', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 3001, msg: 'cap', error: 'TASK_LIMIT' }));
    await expect(request('/tasks')).rejects.toMatchObject({ code: 3001, error: 'TASK_LIMIT', msg: 'cap' });
  });

  it('stays silent when asked', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 1, msg: 'nope', error: 'X' }));
    await expect(request('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(getToast()).toBeNull();
  });

  it('maps a non-JSON error page to a localised generic message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(request('/health')).rejects.toMatchObject({ code: 502, error: 'HTTP_502', msg: '服务器繁忙，请稍后再试' });
  });

  it('maps a network failure to NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setLang('en');
    await expect(request('/health')).rejects.toMatchObject({
      code: -1,
      error: 'NETWORK_ERROR',
      msg: 'Network error, please try again later',
      status: 0,
    });
    expect(getToast()?.type).toBe('error');
  });

  it('passes an abort through without a toast', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(request('/health')).rejects.toMatchObject({ name: 'AbortError' });
    expect(getToast()).toBeNull();
  });
});

describe('headers', () => {
  it('sends the bearer token and the language', async () => {
    setToken('tok-123');
    setLang('en');
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: {} }));
    await request('/user/info');
    const { headers, init } = lastCall();
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(init.method).toBe('GET');
  });

  it('sends no Authorization header without a token, and zh by default', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: {} }));
    await request('/health');
    const { headers } = lastCall();
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Accept-Language')).toBe('zh');
  });

  it('lets the browser set the multipart content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: { urls: ['/api/files/k'] } }));
    const form = new FormData();
    await request('/uploads', { method: 'POST', body: form });
    const { headers, init } = lastCall();
    expect(headers.has('Content-Type')).toBe(false);
    expect(init.body).toBe(form);
  });

  it('builds query strings, skipping empty values', () => {
    expect(apiUrl('/tasks', { pageNum: 1, pageSize: 10, bizType: 'MATTING_IMAGE', x: undefined })).toBe(
      '/api/tasks?pageNum=1&pageSize=10&bizType=MATTING_IMAGE',
    );
    expect(apiUrl('/api/files/a/b')).toBe('/api/files/a/b');
  });
});

describe('401', () => {
  it('clears the token and opens the login dialog', async () => {
    setToken('stale');
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 1007, msg: '请先登录', error: 'UNAUTHORIZED' }));
    await expect(request('/user/info')).rejects.toMatchObject({ status: 401, error: 'UNAUTHORIZED' });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('USER_TOKEN')).toBeNull();
    expect(isLoginDialogOpen()).toBe(true);
  });

  it('is only a failed answer for sign-in calls', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 1006, msg: 'bad', error: 'LOGIN_FAILED' }));
    await expect(request('/auth/login', { method: 'POST', body: {}, ignoreUnauthorized: true })).rejects.toMatchObject({
      error: 'LOGIN_FAILED',
    });
    expect(isLoginDialogOpen()).toBe(false);
  });
});

describe('blobs', () => {
  it('returns file bodies as Blobs with the bearer header', async () => {
    setToken('tok');
    fetchMock.mockResolvedValue(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } }));
    const blob = await requestBlob('/api/files/uploads/1');
    expect(blob.size).toBe(4);
    const { url, headers } = lastCall();
    expect(url).toBe('/api/files/uploads/1');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('turns an error envelope into an ApiError', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 3007, msg: '文件不存在', error: 'FILE_NOT_FOUND' }));
    await expect(requestBlob('/api/files/x', { silent: true })).rejects.toMatchObject({ code: 3007, error: 'FILE_NOT_FOUND' });
  });
});
