import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AdminPage } from './AdminPage';

let fetchMock: ReturnType<typeof vi.fn>;

const node = {
  id: 'gpu-1-42-abcd',
  host: 'gpu-1',
  version: '0.1.0',
  device: 'CPU (8 threads)',
  pool: 'default',
  bizTypes: ['MATTING_IMAGE'],
  concurrency: 1,
  status: 'live',
  desiredState: 'active',
  currentJobs: 1,
  jobsDone: 7,
  jobsFailed: 1,
  throughputPerMin: 2.4,
  load: 1,
  metricsAddr: null,
  models: ['onnxruntime', 'isnet-fp16', 'u2netp'],
  missingModels: { TRY_ON: ['sd15-inpainting', 'sdxl-inpainting', 'sd-custom'] },
  diffusion: { model: 'sd15-inpainting', device: 'cuda:0', weightBytes: 2 * 1024 ** 3, inpainting: true },
  startedAt: '2026-11-21T10:00:00Z',
  lastHeartbeatAt: '2026-11-21T10:05:00Z',
};

function answer(url: string, init?: RequestInit): Response {
  const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
  if (url === '/api/admin/nodes') return ok({ list: [node] });
  if (url === '/api/admin/queues')
    return ok({
      list: [{ bizType: 'MATTING_IMAGE', pool: 'acme', lane: 'exclusive', queue: 'pixmart:segment:acme', waiting: 3, dispatched: 0, running: 0, redisDepth: 0 }],
    });
  if (url === '/api/admin/pools')
    return ok({
      list: [
        { pool: 'acme', tenants: [5], liveWorkers: 0, liveConcurrency: 0, queuedTasks: 3, runningTasks: 0, noLiveWorker: true, stranded: true },
        {
          pool: 'default',
          tenants: [],
          liveWorkers: 1,
          liveConcurrency: 1,
          queuedTasks: 0,
          runningTasks: 1,
          noLiveWorker: false,
          stranded: false,
          lacking: [{ bizType: 'TRY_ON', state: 'modelMissing', missingModels: ['sd15-inpainting', 'sdxl-inpainting'] }],
        },
      ],
    });
  if (url.endsWith('/drain') && init?.method === 'POST') return ok({ ...node, status: 'draining', desiredState: 'draining' });
  if (url.endsWith('/cancel')) return ok({ taskId: 't-1', status: 'FAILED' });
  return jsonResponse(404, { code: 4004, msg: 'not found', error: 'NOT_FOUND', data: null });
}

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
    <MemoryRouter>
      <AdminPage />
    </MemoryRouter>,
  );
}

describe('AdminPage', () => {
  it('shows nodes with their jobs and load, queue depths, and marks a pool without live workers', async () => {
    renderPage();
    const row = await screen.findByTestId('admin-node');
    expect(within(row).getByTestId('admin-node-status')).toHaveTextContent('在线');
    expect(row).toHaveTextContent('MATTING_IMAGE');
    expect(row).toHaveTextContent('100%');
    const queues = await screen.findAllByTestId('admin-queue');
    expect(queues[0]).toHaveTextContent('exclusive');
    const pools = await screen.findAllByTestId('admin-pool');
    expect(within(pools[0]).getByTestId('admin-pool-no-worker')).toHaveTextContent('无在线节点，任务等待中');
    expect(within(pools[1]).queryByTestId('admin-pool-no-worker')).toBeNull();
  });

  it('shows each node\'s loaded models and, per pool, the task types that lack a model', async () => {
    renderPage();
    const row = await screen.findByTestId('admin-node');
    expect(within(row).getByTestId('admin-node-models')).toHaveTextContent('onnxruntime, isnet-fp16, u2netp');
    expect(within(row).getByTestId('admin-node-diffusion')).toHaveTextContent('sd15-inpainting (inpainting) @ cuda:0, 2.0 GiB');
    const pools = await screen.findAllByTestId('admin-pool');
    expect(within(pools[1]).getByTestId('admin-pool-lacking')).toHaveTextContent('TRY_ON: sd15-inpainting / sdxl-inpainting');
    expect(within(pools[0]).getByTestId('admin-pool-lacking')).toHaveTextContent('');
  });

  it('drains a node and cancels a task by id through the admin API', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('admin-node-drain'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/admin/nodes/gpu-1-42-abcd/drain' && i?.method === 'POST')).toBe(true),
    );
    fireEvent.change(screen.getByTestId('admin-cancel-id'), { target: { value: ' t-1 ' } });
    fireEvent.click(screen.getByTestId('admin-cancel-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/admin/tasks/t-1/cancel')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('admin-cancel-id')).toHaveValue(''));
  });

  it('shows the 403 page to a user without the admin role', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(403, { code: 8001, msg: '无权访问，仅限管理员', error: 'ADMIN_ONLY', data: null })),
    );
    renderPage();
    expect(await screen.findByTestId('forbidden-page')).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([u]) => u === '/api/admin/nodes')).toBe(true);
  });
});
