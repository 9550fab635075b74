import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedImageKeys } from '../lib/api/savedImages';
import { dismissToast, getToast } from '../lib/toast';
import { jsonResponse, renderWithProviders } from '../test/render';
import { captureDownloads, pngResponse } from '../test/downloads';
import { QualityActions } from './QualityActions';

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
const savedItem = {
  id: '7f1c',
  taskId: '42',
  bizType: 'PRODUCT_IMAGE',
  index: 1,
  quality: 'standard',
  url: '/api/files/saved/1/7f1c.png',
  width: 1024,
  height: 1024,
  createdAt: '2026-11-21T10:00:00Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
let downloaded: string[];
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(u)}`);

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  downloaded = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('QualityActions', () => {
  it('downloads the standard file of the result at its index, named by quality and extension', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/tasks/42/downloads' ? ok({ state: 'READY', quality: 'standard', url: '/api/files/results/42/b.jpg', longSide: 1024 }) : pngResponse(),
    );
    renderWithProviders(<QualityActions taskId="42" index={1} fileStem="product-42-2" />);
    fireEvent.click(screen.getByTestId('download-standard'));
    await waitFor(() => expect(downloaded).toEqual(['product-42-2-standard.jpg']));
    const body = JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body));
    expect(body).toEqual({ index: 1, quality: 'standard' });
  });

  it('saves to the creation space after the file is ready, then says so and refreshes the saved list', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/saved-images' ? ok(savedItem) : ok({ state: 'READY', quality: 'standard', url: '/api/files/r.png', longSide: 1024 }),
    );
    const { client } = renderWithProviders(<QualityActions taskId="42" index={1} fileStem="x" />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fireEvent.click(screen.getByTestId('save-standard'));
    await waitFor(() => expect(screen.getByTestId('save-standard')).toHaveTextContent('已保存'));
    expect(calls()).toEqual(['POST /api/tasks/42/downloads', 'POST /api/saved-images']);
    const body = JSON.parse(String((fetchMock.mock.calls[1][1] as RequestInit).body));
    expect(body).toEqual({ taskId: '42', index: 1, quality: 'standard' });
    expect(getToast()).toMatchObject({ type: 'success', message: '已保存' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: savedImageKeys.all });
    expect(downloaded).toEqual([]);
  });

  it('polls a 2K file while a worker prepares it, then saves it', async () => {
    let polls = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/saved-images') return ok({ ...savedItem, quality: '2k' });
      if (init?.method === 'POST') return ok({ state: 'PREPARING', quality: '2k', longSide: 2048 });
      polls += 1;
      return ok({ state: 'READY', quality: '2k', url: '/api/files/prepared/2k.png', longSide: 2048 });
    });
    renderWithProviders(<QualityActions taskId="42" fileStem="x" />);
    fireEvent.click(screen.getByTestId('save-2k'));
    expect(screen.getByTestId('save-2k')).toHaveTextContent('保存中…');
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'success', message: '已保存' }), { timeout: 3000 });
    expect(polls).toBe(1);
    expect(calls()).toEqual(['POST /api/tasks/42/downloads', 'GET /api/tasks/42/downloads?index=0&quality=2k', 'POST /api/saved-images']);
  });

  it('2K on a tier without it shows the server prompt to the benefits centre and saves nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, { code: 6010, error: 'DOWNLOAD_2K_NEEDS_MEMBERSHIP', msg: '下载2K高清图需开通专业版及以上会员，快去权益中心看看吧～' }),
    );
    renderWithProviders(<QualityActions taskId="42" fileStem="x" />);
    fireEvent.click(screen.getByTestId('save-2k'));
    await waitFor(() => expect(getToast()?.message).toContain('权益中心'));
    expect(getToast()?.type).toBe('error');
    // The prompt links to the benefits centre.
    expect(getToast()?.link).toEqual({ to: '/member', label: '去权益中心' });
    expect(calls()).toEqual(['POST /api/tasks/42/downloads']);
    await waitFor(() => expect(screen.getByTestId('save-2k')).toHaveTextContent('保存2K'));
  });

  it('a file the worker could not prepare fails the save without asking the API to keep it', async () => {
    fetchMock.mockResolvedValue(ok({ state: 'FAILED', quality: 'standard', longSide: 1024 }));
    renderWithProviders(<QualityActions taskId="42" fileStem="x" />);
    fireEvent.click(screen.getByTestId('save-standard'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'error', message: '保存失败' }));
    expect(calls()).toEqual(['POST /api/tasks/42/downloads']);
  });

  it('shows the save error the API answers (still preparing)', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/saved-images'
        ? jsonResponse(409, { code: 3354, error: 'SAVE_NOT_PREPARED', msg: '图片仍在准备中，请稍后再保存' })
        : ok({ state: 'READY', quality: 'standard', url: '/api/files/r.png', longSide: 1024 }),
    );
    renderWithProviders(<QualityActions taskId="42" fileStem="x" />);
    fireEvent.click(screen.getByTestId('save-standard'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'error', message: '图片仍在准备中，请稍后再保存' }));
    expect(screen.getByTestId('save-standard')).toHaveTextContent('保存到创作空间');
  });

  it('one action at a time per result', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (release = r)));
    renderWithProviders(<QualityActions taskId="42" fileStem="x" />);
    fireEvent.click(screen.getByTestId('download-2k'));
    expect(screen.getByTestId('download-2k')).toHaveTextContent('高清图生成中…');
    fireEvent.click(screen.getByTestId('save-standard'));
    expect(getToast()).toMatchObject({ type: 'warning', message: '正在下载，请稍后再试' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    release(ok({ state: 'FAILED', quality: '2k', longSide: 2048 }));
    await waitFor(() => expect(screen.getByTestId('download-2k')).toHaveTextContent('下载2K高清'));
  });

  it('shows the worker progress of a 2K file and cancels it on the server', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return ok({ state: 'NONE', quality: '2k', longSide: 2048 });
      return ok({ state: 'PREPARING', quality: '2k', longSide: 2048, progress: 0.42 });
    });
    renderWithProviders(<QualityActions taskId="42" fileStem="x" />);
    fireEvent.click(screen.getByTestId('download-2k'));
    await waitFor(() => expect(screen.getByTestId('download-2k')).toHaveTextContent('高清图生成中… 42%'));
    expect(screen.getByTestId('2k-progress').querySelector('progress')).toHaveAttribute('value', '42');
    fireEvent.click(screen.getByTestId('cancel-2k'));
    await waitFor(() => expect(getToast()).toMatchObject({ type: 'info', message: '已取消高清图生成' }), { timeout: 3000 });
    expect(calls()).toContain('DELETE /api/tasks/42/downloads?index=0&quality=2k');
    expect(screen.queryByTestId('2k-progress')).toBeNull();
    expect(downloaded).toEqual([]);
  });
});
