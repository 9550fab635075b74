import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../lib/api/tasks';
import { jsonResponse, renderWithProviders } from '../test/render';
import { captureDownloads, pngResponse } from '../test/downloads';
import { ImageResultGrid } from './ImageResultGrid';
import { ProductImageTaskView } from './ProductImageTaskView';
import { TaskStatusView } from './TaskStatusView';

const task = (over: Partial<Task> = {}): Task => ({
  taskId: '42',
  bizType: 'PRODUCT_IMAGE',
  status: 'SUCCESS',
  progress: 100,
  params: { imageUrl: '/api/files/uploads/1' },
  results: [
    { url: '/api/files/results/42/1.png', kind: 'image', width: 1024, height: 768 },
    { url: '/api/files/results/42/2.png', kind: 'image', width: 1024, height: 768 },
    { url: '/api/files/results/42/1.webp', kind: 'thumbnail', width: 512, height: 384 },
    { url: '/api/files/results/42/2.webp', kind: 'thumbnail', width: 512, height: 384 },
  ],
  errorMsg: null,
  createdAt: '2026-11-21T10:00:00Z',
  finishedAt: '2026-11-21T10:00:09Z',
  waitingForPool: false,
  ...over,
});

let fetchMock: ReturnType<typeof vi.fn>;
let downloaded: string[];
const fetched = () => fetchMock.mock.calls.map(([u]) => String(u));

beforeEach(() => {
  fetchMock = vi.fn(async () => pngResponse());
  vi.stubGlobal('fetch', fetchMock);
  downloaded = captureDownloads();
});

afterEach(() => vi.unstubAllGlobals());

const download = { testId: 'download-result', label: '下载', fileName: (i: number) => `product-42-${i + 1}.png` };

describe('ImageResultGrid', () => {
  it('shows every image result by its thumbnail, with a download, the size and the standard/2K downloads and saves', async () => {
    renderWithProviders(<ImageResultGrid task={task()} className="product-results" showSize alt={(i) => `效果图 ${i + 1}`} download={download} />);
    const grid = screen.getByTestId('task-result');
    expect(grid).toHaveClass('task-result', 'result-grid', 'product-results');
    expect(grid).toHaveAttribute('data-task-id', '42');
    const cards = screen.getAllByTestId('result-image-item');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      for (const id of ['download-result', 'download-standard', 'download-2k', 'save-standard', 'save-2k']) {
        expect(within(card).getByTestId(id)).toBeInTheDocument();
      }
      expect(card).toHaveTextContent('1024×768');
    }
    await waitFor(() => expect(screen.getAllByTestId('result-image')).toHaveLength(2));
    expect(fetched()).toEqual(expect.arrayContaining(['/api/files/results/42/1.webp', '/api/files/results/42/2.webp']));
    // No comparison asked for: the original is not fetched.
    expect(fetched()).not.toContain('/api/files/uploads/1');

    fireEvent.click(within(cards[1]).getByTestId('download-result'));
    await waitFor(() => expect(downloaded).toEqual(['product-42-2.png']));
    expect(fetched()).toContain('/api/files/results/42/2.png');
  });

  it('before/after: the local preview of the original, shown once the slider moves', async () => {
    renderWithProviders(<ImageResultGrid task={task()} className="x" compare={{ beforeUrl: 'blob:local' }} alt={String} download={download} />);
    const sliders = screen.getAllByTestId('compare-slider');
    expect(sliders).toHaveLength(2);
    expect(screen.queryByTestId('before-image')).toBeNull();
    fireEvent.change(sliders[0], { target: { value: '50' } });
    expect(screen.getByTestId('before-image')).toHaveAttribute('src', 'blob:local');
    expect(fetched()).not.toContain('/api/files/uploads/1');
  });

  it('before/after of a task from the history loads its original once', async () => {
    renderWithProviders(<ImageResultGrid task={task()} className="x" compare={{ beforeUrl: null }} alt={String} download={download} />);
    await waitFor(() => expect(screen.getAllByTestId('compare-slider')).toHaveLength(2));
    expect(fetched().filter((u) => u === '/api/files/uploads/1')).toHaveLength(1);
  });

  it('carries a page badge and item test id (QR codes)', () => {
    renderWithProviders(
      <ImageResultGrid
        task={task({ results: [{ url: '/api/files/q.png', kind: 'image', width: 900, height: 900 }] })}
        className="qr-results"
        itemTestId="qr-result"
        itemClassName="qr-result"
        badge={<span data-testid="qr-scans-badge">✓</span>}
        alt={(i) => `QR ${i + 1}`}
        download={{ testId: 'qr-download', label: '下载', fileName: () => 'qr.png' }}
      />,
    );
    const card = screen.getByTestId('qr-result');
    expect(card).toHaveClass('result-card', 'qr-result');
    expect(within(card).getByTestId('qr-scans-badge')).toBeInTheDocument();
    expect(within(card).getByTestId('save-2k')).toBeInTheDocument();
  });
});

describe('TaskStatusView', () => {
  const text = { generating: '生成中…', failed: '生成失败', timeout: '生成超时' };
  const answer = (t: Task) => fetchMock.mockImplementation(async (url: string) => (url === '/api/tasks/42' ? jsonResponse(200, { code: 0, msg: '', data: t }) : pngResponse()));

  it('renders the page results on SUCCESS', async () => {
    answer(task());
    renderWithProviders(
      <TaskStatusView taskId="42" startedAt={Date.now()} text={text}>
        {(t) => <p data-testid="done">{t.taskId}</p>}
      </TaskStatusView>,
    );
    expect(await screen.findByTestId('done')).toHaveTextContent('42');
  });

  it('shows progress, and the status only when asked', async () => {
    answer(task({ status: 'NEW', progress: 0, results: [] }));
    renderWithProviders(
      <TaskStatusView taskId="42" startedAt={Date.now()} text={text}>
        {() => null}
      </TaskStatusView>,
    );
    await waitFor(() => expect(screen.getByTestId('task-progress').closest('.task-running')).toHaveAttribute('data-task-id', '42'));
    expect(screen.getByRole('progressbar')).toHaveAccessibleName('生成中…');
    expect(screen.queryByTestId('task-status')).toBeNull();
  });

  it('a TIMEOUT uses its own headline when the page has one, else the failure one', async () => {
    answer(task({ status: 'TIMEOUT', results: [], errorMsg: 'worker lost' }));
    const { unmount } = renderWithProviders(
      <TaskStatusView taskId="42" startedAt={Date.now()} text={text}>
        {() => null}
      </TaskStatusView>,
    );
    expect(await screen.findByTestId('task-error')).toHaveTextContent('生成超时');
    expect(screen.getByTestId('task-error-detail')).toHaveTextContent('worker lost');
    unmount();
    renderWithProviders(
      <TaskStatusView taskId="42" startedAt={Date.now()} text={{ generating: 'g', failed: '生成失败' }}>
        {() => null}
      </TaskStatusView>,
    );
    expect(await screen.findByTestId('task-error')).toHaveTextContent('生成失败');
  });

  it('an unknown task says the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 3001, error: 'TASK_NOT_FOUND', msg: '任务不存在' }));
    renderWithProviders(
      <TaskStatusView taskId="42" startedAt={Date.now()} text={text}>
        {() => null}
      </TaskStatusView>,
    );
    expect(await screen.findByTestId('task-error')).toHaveTextContent('任务不存在');
  });
});

describe('ProductImageTaskView', () => {
  it('names downloads by the page and the task format', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/tasks/42'
        ? jsonResponse(200, { code: 0, msg: '', data: task({ params: { imageUrl: '/api/files/uploads/1', format: 'jpeg' } as Task['params'] }) })
        : pngResponse(),
    );
    renderWithProviders(
      <ProductImageTaskView
        taskId="42"
        beforeUrl={null}
        startedAt={Date.now()}
        className="rewrite-results"
        fileName={(id, i, format) => `rewrite-background-${id}-${i + 1}.${format === 'jpeg' ? 'jpg' : 'png'}`}
      />,
    );
    const first = (await screen.findAllByTestId('download-result'))[0];
    expect(screen.getByTestId('task-result')).toHaveClass('rewrite-results');
    fireEvent.click(first);
    await waitFor(() => expect(downloaded).toEqual(['rewrite-background-42-1.jpg']));
  });
});
