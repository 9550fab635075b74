import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { HotspotSourcesPage } from './HotspotSourcesPage';

let fetchMock: ReturnType<typeof vi.fn>;

const okSource = {
  id: 'src-ok',
  name: '微博热搜',
  format: 'rss',
  url: 'https://example.com/weibo.xml',
  platform: 'weibo',
  kind: 'topic',
  intervalMinutes: 30,
  enabled: true,
  mapping: null,
  lastFetchAt: 1764288000000,
  lastOkAt: 1764288000000,
  lastError: null,
  lastItemCount: 12,
  nextFetchAt: 1764289800000,
  createdAt: 1764201600000,
};
const failingSource = {
  ...okSource,
  id: 'src-bad',
  name: 'e2e 源',
  url: 'http://127.0.0.1:9/feed.xml',
  lastOkAt: null,
  lastError: 'refused address: 127.0.0.1',
  lastItemCount: 0,
};
const report = { imported: 2, skipped: 1, errors: [{ row: 3, message: 'title is required' }] };

function answer(url: string, init?: RequestInit): Response {
  const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
  const method = init?.method ?? 'GET';
  if (url === '/api/admin/hotspot-sources' && method === 'GET') return ok({ list: [okSource, failingSource] });
  if (url === '/api/admin/hotspot-sources' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { name: string };
    if (body.name === 'taken') return jsonResponse(400, { code: 4000, error: 'INVALID_PARAM', msg: '名称已存在', data: null });
    return ok({ ...okSource, ...body, id: 'src-new' });
  }
  if (url === '/api/admin/hotspot-sources/src-ok' && method === 'PATCH') return ok({ ...okSource, enabled: false });
  if (url === '/api/admin/hotspot-sources/src-bad' && method === 'DELETE') return ok(null);
  if (url === '/api/admin/hotspot-sources/src-bad/refresh' && method === 'POST') return ok(failingSource);
  if (url === '/api/admin/hotspots/import') return ok(report);
  return jsonResponse(404, { code: 4004, msg: 'not found', error: 'NOT_FOUND', data: null });
}

const calls = (url: string, method: string) => fetchMock.mock.calls.filter(([u, i]) => u === url && (i?.method ?? 'GET') === method);

beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/admin/hotspot-sources']}>
      <HotspotSourcesPage />
    </MemoryRouter>,
  );
}

async function rowOf(id: string) {
  const rows = await screen.findAllByTestId('source-row');
  const row = rows.find((r) => r.dataset.source === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

describe('HotspotSourcesPage', () => {
  it('shows an OK source with its item count and a failing one with its error in red', async () => {
    renderPage();
    const ok = within(await rowOf('src-ok')).getByTestId('source-status');
    expect(ok).toHaveAttribute('data-state', 'ok');
    expect(ok).toHaveTextContent('正常 · 12 条');
    expect(ok).not.toHaveClass('error');
    const bad = within(await rowOf('src-bad')).getByTestId('source-status');
    expect(bad).toHaveAttribute('data-state', 'error');
    expect(bad).toHaveTextContent('refused address: 127.0.0.1');
    expect(bad).toHaveClass('error');
    const row = await rowOf('src-ok');
    expect(row).toHaveTextContent('微博');
    expect(row).toHaveTextContent('话题');
    expect(row).toHaveTextContent('30 分钟');
    expect(screen.getByTestId('admin-nav-sources')).toHaveClass('active');
  });

  it('switches a source off, queues a refresh, and deletes only after the confirm', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('src-ok')).getByTestId('source-enabled'));
    await waitFor(() => expect(calls('/api/admin/hotspot-sources/src-ok', 'PATCH')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/admin/hotspot-sources/src-ok', 'PATCH')[0][1].body))).toEqual({ enabled: false });

    fireEvent.click(within(await rowOf('src-bad')).getByTestId('source-refresh'));
    await waitFor(() => expect(calls('/api/admin/hotspot-sources/src-bad/refresh', 'POST')).toHaveLength(1));

    fireEvent.click(within(await rowOf('src-bad')).getByTestId('source-delete'));
    expect(calls('/api/admin/hotspot-sources/src-bad', 'DELETE')).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('source-delete-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls('/api/admin/hotspot-sources/src-bad', 'DELETE')).toHaveLength(1));
  });

  it('checks the form before sending and shows the API refusal beside it', async () => {
    renderPage();
    await screen.findByTestId('source-form');
    fireEvent.change(screen.getByTestId('source-url'), { target: { value: 'ftp://example.com' } });
    fireEvent.change(screen.getByTestId('source-format'), { target: { value: 'json' } });
    fireEvent.click(screen.getByTestId('source-submit'));
    expect(screen.getByTestId('source-error-name')).toHaveTextContent('名称为 1–50 个字符');
    expect(screen.getByTestId('source-error-url')).toBeInTheDocument();
    expect(screen.getByTestId('source-error-mapping.items')).toHaveTextContent('JSON 格式必填');
    expect(calls('/api/admin/hotspot-sources', 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('source-name'), { target: { value: 'taken' } });
    fireEvent.change(screen.getByTestId('source-url'), { target: { value: 'https://example.com/hot.json' } });
    fireEvent.change(screen.getByTestId('source-mapping-items'), { target: { value: '/data/list' } });
    fireEvent.change(screen.getByTestId('source-mapping-title'), { target: { value: '/word' } });
    fireEvent.click(screen.getByTestId('source-submit'));
    expect(await screen.findByTestId('source-form-error')).toHaveTextContent('名称已存在');
    const sent = JSON.parse(String(calls('/api/admin/hotspot-sources', 'POST')[0][1].body));
    expect(sent).toMatchObject({ format: 'json', intervalMinutes: 60, mapping: { items: '/data/list', title: '/word' } });
  });

  it('edits a source with a PATCH', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('src-ok')).getByTestId('source-edit'));
    expect(screen.getByTestId('source-name')).toHaveValue('微博热搜');
    fireEvent.change(screen.getByTestId('source-interval'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('source-submit'));
    await waitFor(() => expect(calls('/api/admin/hotspot-sources/src-ok', 'PATCH')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/admin/hotspot-sources/src-ok', 'PATCH')[0][1].body))).toMatchObject({ intervalMinutes: 15 });
    await waitFor(() => expect(screen.getByTestId('source-name')).toHaveValue(''));
  });

  it('uploads a file as multipart and shows the import report with each refused row', async () => {
    renderPage();
    const file = new File(['title\na\nb\n\n'], 'hot.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('import-submit'));
    expect(await screen.findByTestId('import-summary')).toHaveTextContent('导入 2 条，跳过 1 条');
    const errors = screen.getAllByTestId('import-row-error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toHaveTextContent('第 3 行：title is required');
    const body = calls('/api/admin/hotspots/import', 'POST')[0][1].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('hot.csv');
  });

  it('shows the 403 page to a user without the admin role', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(403, { code: 8001, msg: '无权访问，仅限管理员', error: 'ADMIN_ONLY', data: null })),
    );
    renderPage();
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
  });
});
