import { fireEvent, screen, waitFor } from '@testing-library/react';
import { unzipSync } from 'fflate';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast } from '../../../lib/toast';
import { captureDownloads, pngResponse } from '../../../test/downloads';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { BatchCopyBgPage } from './BatchCopyBgPage';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngFile(name: string, size = 600 * 1024): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}
const readSize = async () => ({ width: 1024, height: 1024 });

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
let taskTypes: typeof TASK_TYPES_PAYLOAD;
let uploads: number;
let batches: unknown[];
let downloaded: string[];
let blobs: Blob[];
let fetchMock: ReturnType<typeof vi.fn>;

const task = (taskId: string) => ({
  taskId,
  bizType: 'PRODUCT_IMAGE',
  status: 'SUCCESS',
  progress: 100,
  results: [{ kind: 'image', url: `/api/files/${taskId}/out.png`, width: 1024, height: 1024 }],
  errorMsg: null,
  createdAt: '2026-11-21T10:00:00Z',
  finishedAt: '2026-11-21T10:01:00Z',
});

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const path = url.split('?')[0];
  const method = init?.method ?? 'GET';
  if (path === '/api/config') return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND', data: null });
  if (path === '/api/task-types') return ok(taskTypes);
  if (path === '/api/capabilities') return ok({ pool: 'default', bizTypes: {} });
  if (path === '/api/backgrounds') return ok({ palette: [], templates: [] });
  if (path === '/api/uploads' && method === 'POST') return ok({ urls: [`/api/files/uploads/${++uploads}.png`] });
  if (path === '/api/batches' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { items: unknown[] };
    batches.push(body);
    return ok({ batchId: 'b1234567-89ab-4def-8123-456789abcdef', total: body.items.length, taskIds: body.items.map((_, i) => `t${i + 1}`) });
  }
  if (path.startsWith('/api/tasks/')) return ok(task(decodeURIComponent(path.split('/').pop() ?? '')));
  return pngResponse();
}

beforeEach(() => {
  taskTypes = TASK_TYPES_PAYLOAD;
  uploads = 0;
  batches = [];
  downloaded = captureDownloads();
  blobs = [];
  let n = 0;
  vi.mocked(URL.createObjectURL).mockImplementation((b) => {
    blobs.push(b as Blob);
    return `blob:test/${++n}`;
  });
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

const user = { id: 1, phone: '13800138000' };
const render = (productType: string | null) =>
  renderWithProviders(
    <MemoryRouter>
      <BatchCopyBgPage readSize={readSize} />
    </MemoryRouter>,
    { user, productType },
  );
/** The server's batch size has arrived: the drop zone takes files. */
const limitsLoaded = () => waitFor(() => expect(screen.getByTestId('batch-drop')).toBeEnabled());
const choose = (...files: File[]) => fireEvent.change(screen.getByTestId('batch-file-input'), { target: { files } });
const uploadCalls = () => fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/uploads' && (i as RequestInit)?.method === 'POST');

describe('BatchCopyBgPage', () => {
  it('says which plan a batch needs before anything is uploaded', async () => {
    render('free');
    const notice = await screen.findByTestId('batch-tier');
    expect(notice).toHaveAttribute('data-allowed', 'false');
    expect(notice).toHaveTextContent('批量生成需开通旗舰版或企业版（当前：免费版）');
    expect(screen.getByTestId('batch-tier-upgrade')).toHaveAttribute('href', '/member');
    expect(screen.queryAllByTestId('batch-product')).toHaveLength(0);
  });

  it('tells a flagship member the batch is included', async () => {
    render('flagship');
    const notice = await screen.findByTestId('batch-tier');
    expect(notice).toHaveAttribute('data-allowed', 'true');
    expect(notice).toHaveTextContent('您的旗舰版可直接使用');
  });

  it('takes several files from one choice, each checked and uploaded', async () => {
    render('flagship');
    const input = await screen.findByTestId('batch-file-input');
    expect(input).toHaveAttribute('multiple');
    await limitsLoaded();
    choose(pngFile('a.png'), pngFile('b.png'), pngFile('tiny.png', 1000));
    await waitFor(() => expect(screen.getAllByTestId('batch-product').map((li) => li.dataset.status)).toEqual(['done', 'done', 'failed']));
    expect(uploadCalls()).toHaveLength(2);
    expect(screen.getByTestId('batch-product-error')).toHaveTextContent('图片至少需要500KB');
    expect(screen.getByTestId('batch-count')).toHaveTextContent('商品图 2/100');
  });

  it('takes every dropped file', async () => {
    render('flagship');
    await limitsLoaded();
    fireEvent.drop(await screen.findByTestId('batch-drop'), { dataTransfer: { files: [pngFile('a.png'), pngFile('b.png')] } });
    await waitFor(() => expect(screen.getAllByTestId('batch-product')).toHaveLength(2));
    await waitFor(() => expect(uploadCalls()).toHaveLength(2));
  });

  it('stops at the batch limit the server sets and says how many were left out', async () => {
    taskTypes = { ...TASK_TYPES_PAYLOAD, limits: { maxBatchItems: 2 } };
    render('flagship');
    await waitFor(() => expect(screen.getByTestId('batch-count')).toHaveTextContent('商品图 0/2'));
    await limitsLoaded();
    choose(pngFile('a.png'), pngFile('b.png'), pngFile('c.png'));
    await waitFor(() => expect(screen.getAllByTestId('batch-product')).toHaveLength(2));
    expect(getToast()?.message).toBe('一次最多 2 张，已忽略 1 张');
  });

  it('takes no files before the server says how many a batch may hold', async () => {
    render('flagship');
    expect(screen.getByTestId('batch-count')).toHaveTextContent('商品图 0/…');
    expect(screen.getByTestId('batch-drop')).toBeDisabled();
    expect(screen.queryByTestId('generate-cost')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('batch-count')).toHaveTextContent('商品图 0/100'));
  });

  it('generates the batch and downloads every result as one ZIP', async () => {
    render('flagship');
    await limitsLoaded();
    choose(pngFile('a.png'), pngFile('b.png'));
    await waitFor(() => expect(screen.getAllByTestId('batch-product').every((li) => li.dataset.status === 'done')).toBe(true));
    // The server's per-image price × genNum (2 on this page) × 2 products.
    expect(screen.getByTestId('generate-cost')).toHaveTextContent('20 灵石');
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(batches).toHaveLength(1));
    expect((batches[0] as { items: unknown[] }).items).toHaveLength(2);
    const all = await screen.findByTestId('batch-download-all');
    await waitFor(() => expect(all).toHaveTextContent('全部下载（ZIP，2 张）'));
    expect(screen.getByTestId('batch-progress')).toHaveTextContent('已完成 2/2');
    fireEvent.click(all);
    await waitFor(() => expect(downloaded).toEqual(['batch-copy-bg-b1234567.zip']));
    const zip = blobs[blobs.length - 1];
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['product-t1-1.png', 'product-t2-1.png']);
  });
});
