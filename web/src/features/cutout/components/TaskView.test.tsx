import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeLoginDialog, isLoginDialogOpen } from '../../../lib/session';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { captureDownloads, pngResponse } from '../../../test/downloads';
import { CutoutPage } from './CutoutPage';
import { TaskView } from './TaskView';
import { MemoryRouter } from 'react-router';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';

const task = (over: Record<string, unknown>) => ({
  taskId: '42',
  bizType: 'MATTING_IMAGE',
  status: 'SUCCESS',
  progress: 100,
  params: { imageUrl: '/api/files/uploads/1', model: 'isnet' },
  results: [
    { url: '/api/files/results/42/cutout.png', kind: 'image', width: 800, height: 600 },
    { url: '/api/files/results/42/mask.png', kind: 'mask', width: 800, height: 600 },
  ],
  errorMsg: null,
  createdAt: '2026-11-21T10:00:00Z',
  finishedAt: '2026-11-21T10:00:09Z',
  ...over,
});

let fetchMock: ReturnType<typeof vi.fn>;
let saved: string[];

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  saved = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  closeLoginDialog();
});

describe('TaskView', () => {
  it('shows the cutout over the original and downloads both files by name', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/tasks/42' ? jsonResponse(200, { code: 0, msg: '', data: task({}) }) : pngResponse(),
    );
    renderWithProviders(<TaskView taskId="42" previewUrl="blob:local-preview" startedAt={Date.now()} />);
    const img = await screen.findByTestId('result-image');
    expect(img.getAttribute('src')).toMatch(/^blob:test\//);
    expect(screen.getByTestId('before-image')).toHaveAttribute('src', 'blob:local-preview');
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/files/results/42/cutout.png');

    fireEvent.click(screen.getByTestId('download-cutout'));
    await waitFor(() => expect(saved).toEqual(['cutout-42.png']));
    fireEvent.click(screen.getByTestId('download-mask'));
    await waitFor(() => expect(saved).toEqual(['cutout-42.png', 'mask-42.png']));
  });

  it('offers the standard/2K downloads and saves of the cutout', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/tasks/42' ? jsonResponse(200, { code: 0, msg: '', data: task({}) }) : pngResponse(),
    );
    renderWithProviders(<TaskView taskId="42" previewUrl={null} startedAt={Date.now()} />);
    await screen.findByTestId('task-result');
    for (const id of ['download-standard', 'download-2k', 'save-standard', 'save-2k']) {
      expect(screen.getAllByTestId(id)).toHaveLength(1);
    }
    expect(screen.getByTestId('save-standard')).toHaveTextContent('保存到创作空间');
    expect(screen.getByTestId('save-2k')).toHaveTextContent('保存2K');
  });

  it('a download in progress blocks a second one', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/tasks/42') return jsonResponse(200, { code: 0, msg: '', data: task({}) });
      if (url === '/api/files/results/42/mask.png') return new Promise<Response>((r) => (release = r));
      return pngResponse();
    });
    renderWithProviders(<TaskView taskId="42" previewUrl={null} startedAt={Date.now()} />);
    await screen.findByTestId('result-image');
    fireEvent.click(screen.getByTestId('download-mask'));
    await waitFor(() => expect(screen.getByTestId('download-mask')).toHaveTextContent('下载中…'));
    fireEvent.click(screen.getByTestId('download-cutout'));
    expect(getToast()).toMatchObject({ type: 'warning', message: '正在下载，请稍后再试' });
    release(pngResponse());
    await waitFor(() => expect(saved).toEqual(['mask-42.png']));
  });

  it('uses the task params to show the original of a history item', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/tasks/42' ? jsonResponse(200, { code: 0, msg: '', data: task({}) }) : pngResponse(),
    );
    renderWithProviders(<TaskView taskId="42" previewUrl={null} startedAt={Date.now()} />);
    await screen.findByTestId('before-image');
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/files/uploads/1');
  });

  it('shows progress while running', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: task({ status: 'RUNNING', progress: 40, results: [] }) }));
    renderWithProviders(<TaskView taskId="42" previewUrl={null} startedAt={Date.now()} />);
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByTestId('task-status')).toHaveTextContent('生成中');
  });

  it('failure shows the refund message and the server errorMsg', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { code: 0, msg: '', data: task({ status: 'FAILED', results: [], errorMsg: '图片已损坏，无法读取' }) }),
    );
    renderWithProviders(<TaskView taskId="42" previewUrl={null} startedAt={Date.now()} />);
    const err = await screen.findByTestId('task-error');
    expect(err).toHaveTextContent('生成失败，灵石已返还');
    expect(err).toHaveTextContent('图片已损坏，无法读取');
  });

  it('does not repeat an errorMsg equal to the headline', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { code: 0, msg: '', data: task({ status: 'TIMEOUT', results: [], errorMsg: '生成超时，灵石已返还' }) }),
    );
    renderWithProviders(<TaskView taskId="42" previewUrl={null} startedAt={Date.now()} />);
    expect(await screen.findByTestId('task-error')).toHaveTextContent('生成超时，灵石已返还');
    expect(screen.queryByTestId('task-error-detail')).toBeNull();
  });
});

describe('CutoutPage', () => {
  const servePrices = (payload: unknown = TASK_TYPES_PAYLOAD) =>
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/task-types' ? jsonResponse(200, { code: 0, msg: '', data: payload }) : jsonResponse(200, { code: 0, msg: '', data: { list: [], total: 0 } }),
    );

  it("shows the server's price and opens the login dialog when a visitor generates", async () => {
    servePrices();
    renderWithProviders(
      <MemoryRouter>
        <CutoutPage />
      </MemoryRouter>,
    );
    // No price until the server's arrives (never a guessed one).
    expect(screen.queryByTestId('generate-cost')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('generate-button')).toHaveTextContent('5 灵石'));
    expect(screen.getByTestId('model-fused')).toBeChecked();
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(isLoginDialogOpen()).toBe(true);
    // Nothing is submitted (the page only reads prices and what the workers serve).
    const calls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(calls.filter((u) => !u.startsWith('/api/capabilities') && u !== '/api/task-types')).toEqual([]);
  });

  it('shows whatever price the server states', async () => {
    servePrices({ ...TASK_TYPES_PAYLOAD, taskTypes: { MATTING_IMAGE: { family: 'segment', price: { rule: 'perTask', lingshi: 7 }, limits: {} } } });
    renderWithProviders(
      <MemoryRouter>
        <CutoutPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('generate-cost')).toHaveTextContent('7 灵石');
  });

  it('shows no price when the prices cannot be had, and still lets the visitor try', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { code: 5000, msg: 'down', error: 'INTERNAL', data: null }));
    renderWithProviders(
      <MemoryRouter>
        <CutoutPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/task-types'));
    expect(screen.queryByTestId('generate-cost')).toBeNull();
    expect(screen.getByTestId('generate-button')).toBeEnabled();
  });

  it('asks a signed-in user to upload first', () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { code: 0, msg: '', data: { list: [], total: 0 } }));
    renderWithProviders(
      <MemoryRouter>
        <CutoutPage />
      </MemoryRouter>,
      { user: { id: 1, phone: '13800138000' } },
    );
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(getToast()).toMatchObject({ message: '请先上传图片' });
    expect(isLoginDialogOpen()).toBe(false);
  });
});
