import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ApiKeys } from './ApiKeys';

const SECRET = `pmk_${'a1'.repeat(32)}`;
const user = { user: { id: 1, phone: '13800138000' } };

interface StoredKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

let fetchMock: ReturnType<typeof vi.fn>;
let store: StoredKey[];
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(u)}`);

/** A fake of the API keys routes over `store`. */
async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  if (url === '/api/api-keys' && method === 'GET') {
    return jsonResponse(200, { code: 0, msg: '', data: { list: store } });
  }
  if (url === '/api/api-keys' && method === 'POST') {
    const { name } = JSON.parse(String(init?.body)) as { name: string };
    const key = { id: `k${store.length + 1}`, name, prefix: SECRET.slice(0, 12), createdAt: '2026-11-26T10:00:00Z', lastUsedAt: null };
    store = [key, ...store];
    return jsonResponse(200, { code: 0, msg: '', data: { ...key, secret: SECRET } });
  }
  if (url.startsWith('/api/api-keys/') && method === 'DELETE') {
    const id = decodeURIComponent(url.split('/').pop() ?? '');
    store = store.filter((k) => k.id !== id);
    return jsonResponse(200, { code: 0, msg: '', data: true });
  }
  return jsonResponse(404, { code: 4004, error: 'NOT_FOUND', msg: 'not found' });
}

beforeEach(() => {
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
  store = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('ApiKeys', () => {
  it('creates a key and shows its secret once, with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ApiKeys />, user);
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('还没有 API 密钥');
    expect(screen.getByTestId('api-key-create')).toBeDisabled();
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: '  店铺插件 ' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    await waitFor(() => expect(calls()).toContain('POST /api/api-keys'));
    expect(JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')?.[1]?.body))).toEqual({ name: '店铺插件' });
    expect(await screen.findByTestId('api-key-secret-value')).toHaveTextContent(SECRET);
    expect(screen.getByTestId('api-key-secret')).toHaveTextContent('此密钥只显示这一次');
    fireEvent.click(screen.getByTestId('api-key-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'success', message: '已复制' }));

    // The list (refetched) shows the prefix only; "I have saved it" hides the secret for good.
    const items = await screen.findAllByTestId('api-key-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('店铺插件');
    expect(items[0]).toHaveTextContent(`${SECRET.slice(0, 12)}…`);
    expect(items[0]).not.toHaveTextContent(SECRET);
    expect(within(items[0]).getByTestId('api-key-last-used')).toHaveTextContent('从未使用');
    fireEvent.click(screen.getByTestId('api-key-secret-done'));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('revokes a key after confirmation', async () => {
    store = [
      { id: 'k1', name: 'old plugin', prefix: 'pmk_1234abcd', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: '2026-11-25T08:30:00Z' },
    ];
    renderWithProviders(<ApiKeys />, user);
    const [item] = await screen.findAllByTestId('api-key-item');
    expect(within(item).getByTestId('api-key-last-used')).toHaveTextContent('最近使用 2026年11月25日');

    fireEvent.click(within(item).getByTestId('api-key-revoke'));
    const dialog = await screen.findByTestId('api-key-confirm');
    expect(dialog).toHaveTextContent('old plugin');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(calls().some((c) => c.startsWith('DELETE'))).toBe(false);

    fireEvent.click(within(item).getByTestId('api-key-revoke'));
    fireEvent.click(within(await screen.findByTestId('api-key-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls()).toContain('DELETE /api/api-keys/k1'));
    expect(await screen.findByTestId('api-keys-empty')).toBeInTheDocument();
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'success', message: '密钥已撤销' }));
  });

  it('says a failed load in place, not as a toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { code: 5000, error: 'INTERNAL', msg: '服务器繁忙，请稍后再试' }));
    renderWithProviders(<ApiKeys />, user);
    expect(await screen.findByTestId('api-keys-error')).toHaveTextContent('API 密钥加载失败');
    expect(getToast()).toBeNull();
  });

  it('asks nothing of the API for a visitor', () => {
    renderWithProviders(<ApiKeys />);
    expect(screen.getByTestId('api-keys')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
