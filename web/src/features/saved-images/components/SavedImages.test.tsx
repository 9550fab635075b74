import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QualityActions } from '../../../components/QualityActions';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { captureDownloads, pngResponse } from '../../../test/downloads';
import { SavedImages } from './SavedImages';

const item = (n: number, over: Record<string, unknown> = {}) => ({
  id: `id-${n}`,
  taskId: `task-${n}`,
  bizType: 'MATTING_IMAGE',
  index: 0,
  quality: n % 2 ? 'standard' : '2k',
  url: `/api/files/saved/1/id-${n}.png`,
  width: 1920,
  height: 1080,
  createdAt: '2026-11-21T10:00:00Z',
  ...over,
});

const user = { user: { id: 1, phone: '13800138000' } };
let fetchMock: ReturnType<typeof vi.fn>;
let store: ReturnType<typeof item>[];
let downloaded: string[];
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(u)}`);

/** A fake of the saved-images API over `store`, newest first; files answer a PNG. */
async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/api/saved-images' && (init?.method ?? 'GET') === 'GET') {
    const page = Number(u.searchParams.get('page'));
    const size = Number(u.searchParams.get('size'));
    const items = store.slice((page - 1) * size, page * size);
    return jsonResponse(200, { code: 0, msg: '', data: { items, total: store.length, page, size } });
  }
  if (u.pathname.startsWith('/api/saved-images/') && init?.method === 'DELETE') {
    const id = decodeURIComponent(u.pathname.split('/').pop() ?? '');
    store = store.filter((s) => s.id !== id);
    return jsonResponse(200, { code: 0, msg: '', data: true });
  }
  return pngResponse();
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  downloaded = captureDownloads();
  store = [];
  fetchMock.mockImplementation(fakeApi);
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('SavedImages', () => {
  it('lists the saved images with thumbnail, size, quality, date and a download', async () => {
    store = [item(1), item(2, { url: '/api/files/saved/1/id-2.jpg' })];
    renderWithProviders(<SavedImages />, user);
    const items = await screen.findAllByTestId('saved-image-item');
    expect(items).toHaveLength(2);
    expect(calls()[0]).toBe('GET /api/saved-images?page=1&size=20');
    expect(within(items[0]).getByTestId('saved-image-size')).toHaveTextContent('1920×1080 · 标清');
    expect(within(items[1]).getByTestId('saved-image-size')).toHaveTextContent('1920×1080 · 2K高清');
    expect(items[0]).toHaveTextContent('1920×1080 · 标清 2026年11月21日');
    expect(within(items[0]).getByTestId('saved-image-date')).toHaveAttribute('dateTime', '2026-11-21T10:00:00Z');
    expect(items[0]).toHaveTextContent('AI抠图');
    await waitFor(() => expect(calls()).toContain('GET /api/files/saved/1/id-1.png'));
    fireEvent.click(within(items[1]).getByTestId('saved-image-download'));
    await waitFor(() => expect(downloaded).toEqual(['matting_image-task-2-1-2k.jpg']));
  });

  it('says when there is nothing saved', async () => {
    renderWithProviders(<SavedImages />, user);
    expect(await screen.findByTestId('saved-images-empty')).toHaveTextContent('暂无已保存的图片');
    expect(screen.queryByTestId('saved-images-pager')).toBeNull();
  });

  it('a failed load is said in place, not as a toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { code: 1, error: 'INTERNAL', msg: '服务器繁忙，请稍后再试' }));
    renderWithProviders(<SavedImages />, user);
    expect(await screen.findByTestId('saved-images-error')).toHaveTextContent('已保存的图片加载失败');
    expect(getToast()).toBeNull();
  });

  it('asks nothing of the API for a visitor', () => {
    renderWithProviders(<SavedImages />);
    expect(screen.getByTestId('saved-images')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pages through them', async () => {
    store = [1, 2, 3, 4, 5].map((n) => item(n));
    renderWithProviders(<SavedImages pageSize={2} />, user);
    await waitFor(() => expect(screen.getAllByTestId('saved-image-item')).toHaveLength(2));
    expect(screen.getByTestId('saved-images-page')).toHaveTextContent('第 1 / 3 页');
    expect(screen.getByTestId('saved-images-prev')).toBeDisabled();
    fireEvent.click(screen.getByTestId('saved-images-next'));
    await screen.findByText('第 2 / 3 页');
    fireEvent.click(screen.getByTestId('saved-images-next'));
    await waitFor(() => expect(screen.getByTestId('saved-images-page')).toHaveTextContent('第 3 / 3 页'));
    await waitFor(() => expect(screen.getAllByTestId('saved-image-item').map((e) => e.getAttribute('data-saved-id'))).toEqual(['id-5']));
    expect(screen.getByTestId('saved-images-next')).toBeDisabled();
  });

  it('deletes after confirmation, refreshes the list, and goes back a page when the last one empties', async () => {
    store = [1, 2, 3].map((n) => item(n));
    renderWithProviders(<SavedImages pageSize={2} />, user);
    await screen.findAllByTestId('saved-image-item');
    fireEvent.click(screen.getByTestId('saved-images-next'));
    await waitFor(() => expect(screen.getAllByTestId('saved-image-item').map((e) => e.getAttribute('data-saved-id'))).toEqual(['id-3']));

    // Cancelling deletes nothing.
    fireEvent.click(screen.getByTestId('saved-image-delete'));
    const dialog = await screen.findByTestId('saved-image-confirm');
    expect(dialog).toHaveTextContent('确定从创作空间删除这张图片吗');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(calls().some((c) => c.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByTestId('saved-image-delete'));
    fireEvent.click(within(await screen.findByTestId('saved-image-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls()).toContain('DELETE /api/saved-images/id-3'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'success', message: '已删除' }));
    // Page 2 is gone: page 1 is shown again, without the pager.
    await waitFor(() => expect(screen.getAllByTestId('saved-image-item').map((e) => e.getAttribute('data-saved-id'))).toEqual(['id-1', 'id-2']));
    expect(screen.queryByTestId('saved-images-pager')).toBeNull();
  });

  it('a save on a result tile shows up in the list (the query is invalidated)', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/tasks/task-7/downloads') {
        return jsonResponse(200, { code: 0, msg: '', data: { state: 'READY', quality: 'standard', url: '/api/files/results/7.png', longSide: 1920 } });
      }
      if (url === '/api/saved-images' && init?.method === 'POST') {
        const saved = item(7);
        store = [saved, ...store];
        return jsonResponse(200, { code: 0, msg: '', data: saved });
      }
      return fakeApi(url, init);
    });
    renderWithProviders(
      <>
        <QualityActions taskId="task-7" fileStem="x" />
        <SavedImages />
      </>,
      user,
    );
    await screen.findByTestId('saved-images-empty');
    fireEvent.click(screen.getByTestId('save-standard'));
    await waitFor(() => expect(screen.getAllByTestId('saved-image-item').map((e) => e.getAttribute('data-saved-id'))).toEqual(['id-7']));
  });
});
