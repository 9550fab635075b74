import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { closeLingshiReminder, useLingshiReminder } from '../../../lib/membershipReminder';
import { dismissToast, useToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { ContentBatch } from '../api/content';
import { batch, completed, DEFAULTS, done, item } from '../fixture';
import { ContentPage } from './ContentPage';

const user = { user: { id: 1, phone: '13800138000' } };
const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });

let fetchMock: ReturnType<typeof vi.fn>;
/** What GET /api/content-batches/{id} answers, in turn (the last one repeats). */
let reads: ContentBatch[];
/** What every action answers. */
let actionAnswer: () => Response;
let createAnswer: () => Response;

const bodyOf = (init?: RequestInit) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined);

function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const u = new URL(url, 'http://x');
  const method = init?.method ?? 'GET';
  const path = u.pathname;
  if (path === '/api/content-batches/defaults') return Promise.resolve(ok(DEFAULTS));
  if (path === '/api/hotspots/h-1') return Promise.resolve(ok({ id: 'h-1', title: '秋天的第一杯奶茶' }));
  if (path === '/api/idea-reports/r1') {
    return Promise.resolve(ok({ id: 'r1', reportTitle: '中秋', reportContent: { socialMediaMkts: [{ title: '月光奶茶', content: '…' }, { title: '团圆杯', content: '…' }] } }));
  }
  if (path === '/api/content-batches' && method === 'POST') return Promise.resolve(createAnswer());
  if (path === '/api/content-batches') return Promise.resolve(ok({ list: [completed(batch({ id: 'b0', topic: '国庆节' }))], total: 1 }));
  if (path.startsWith('/api/content-batches/') && method === 'GET') {
    const next = reads.length > 1 ? reads.shift() : reads[0];
    return Promise.resolve(next ? ok(next) : jsonResponse(404, { code: 404, msg: 'no', error: 'NOT_FOUND' }));
  }
  if (path.startsWith('/api/content-batches/') || path.startsWith('/api/content-items/')) return Promise.resolve(actionAnswer());
  if (path === '/api/tasks/t-redbook/events') {
    const frame = `event: text\ndata: ${JSON.stringify({ kind: 'text', index: 0, attempt: 0, text: '【标题】月光下的第一杯' })}\n\n`;
    // The stream stays open (the item is still being written).
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode(frame)) });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  }
  return Promise.resolve(jsonResponse(404, { code: 404, msg: 'nope', error: 'NOT_FOUND' }));
}

const calls = (pred: (path: string, method: string) => boolean) =>
  fetchMock.mock.calls
    .map(([u, init]) => ({ url: String(u), method: (init as RequestInit | undefined)?.method ?? 'GET', body: bodyOf(init as RequestInit | undefined) }))
    .filter((c) => pred(c.url, c.method));
const writes = () => calls((u, m) => m !== 'GET' && !u.startsWith('/api/tasks/')).map((c) => `${c.method} ${c.url}`);

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}
function Reminder() {
  return <output data-testid="reminder">{useLingshiReminder()?.reason ?? ''}</output>;
}
function ToastProbe() {
  return <output data-testid="toast">{useToast()?.message ?? ''}</output>;
}

const render = (entry: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/mott-content"
          element={
            <>
              <ContentPage />
              <Where />
              <Reminder />
              <ToastProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    user,
  );

const card = (platform: string) => screen.getAllByTestId('content-item').find((c) => c.dataset.platform === platform) as HTMLElement;

beforeEach(() => {
  reads = [];
  createAnswer = () => ok(batch());
  actionAnswer = () => ok(reads[0]);
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setLang('zh');
  dismissToast();
  closeLingshiReminder();
});

describe('ContentPage: the form', () => {
  it('checks the product and the platforms before sending, prices the platforms and posts exactly the body', async () => {
    reads = [batch()];
    render('/mott-content?hotspotId=h-1');
    expect(await screen.findByTestId('content-subject-title')).toHaveTextContent('秋天的第一杯奶茶');
    expect(screen.getByTestId('content-platform-redbook')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('content-platform-weibo')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('content-platform-tiktok')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('content-style')).toHaveValue('humorous');
    expect(screen.getByTestId('content-total')).toHaveTextContent('消耗 10 灵石');

    // No product: refused here, nothing is sent.
    fireEvent.click(screen.getByTestId('content-submit'));
    expect(screen.getByTestId('content-error-productName')).toHaveTextContent('请填写产品名称');
    // No platform either.
    fireEvent.click(screen.getByTestId('content-platform-redbook'));
    fireEvent.click(screen.getByTestId('content-platform-weibo'));
    expect(screen.getByTestId('content-total')).toHaveTextContent('消耗 0 灵石');
    fireEvent.click(screen.getByTestId('content-submit'));
    expect(screen.getByTestId('content-error-platforms')).toHaveTextContent('请至少选择一个平台');
    expect(writes()).toEqual([]);

    fireEvent.change(screen.getByTestId('content-product-name'), { target: { value: ' 桂花乌龙奶茶 ' } });
    fireEvent.change(screen.getByTestId('content-product-info'), { target: { value: '18元一杯，低糖' } });
    fireEvent.click(screen.getByTestId('content-platform-wechat'));
    fireEvent.click(screen.getByTestId('content-platform-redbook'));
    fireEvent.change(screen.getByTestId('content-style'), { target: { value: 'emotional' } });
    expect(screen.getByTestId('content-total')).toHaveTextContent('消耗 10 灵石');
    fireEvent.click(screen.getByTestId('content-submit'));
    await waitFor(() => expect(writes()).toEqual(['POST /api/content-batches']));
    expect(calls((_u, m) => m === 'POST')[0]?.body).toEqual({
      source: 'hotspot',
      hotspotId: 'h-1',
      productName: '桂花乌龙奶茶',
      productInfo: '18元一杯，低糖',
      platforms: ['redbook', 'wechat'],
      ideaStyle: 'emotional',
      language: 'zh',
    });
    // The new batch is on screen and in the address (a reload keeps it).
    expect(await screen.findByTestId('content-batch')).toHaveAttribute('data-batch-id', 'b1');
    expect(screen.getByTestId('where').textContent).toBe('?hotspotId=h-1&batch=b1');
  });

  it('asks for a topic of its own; a calendar day comes filled in; an idea is shown by its title', async () => {
    const view = render('/mott-content');
    fireEvent.change(await screen.findByTestId('content-product-name'), { target: { value: '奶茶' } });
    fireEvent.click(screen.getByTestId('content-submit'));
    expect(screen.getByTestId('content-error-topic')).toHaveTextContent('请填写主题');
    expect(writes()).toEqual([]);
    view.unmount();

    render('/mott-content?source=calendar&topic=%E4%B8%AD%E7%A7%8B%E8%8A%82&date=2026-09-25');
    expect(await screen.findByTestId('content-topic')).toHaveValue('中秋节');
    expect(screen.getByTestId('content-subject-calendar')).toHaveTextContent('营销日历 2026-09-25');
    fireEvent.change(screen.getByTestId('content-product-name'), { target: { value: '奶茶' } });
    fireEvent.click(screen.getByTestId('content-submit'));
    await waitFor(() => expect(writes()).toEqual(['POST /api/content-batches']));
    expect(calls((_u, m) => m === 'POST')[0]?.body).toMatchObject({ source: 'calendar', topic: '中秋节' });
  });

  it('takes an idea of an idea report by its index', async () => {
    render('/mott-content?reportId=r1&ideaIndex=1');
    expect(await screen.findByTestId('content-subject-title')).toHaveTextContent('团圆杯');
    fireEvent.change(screen.getByTestId('content-product-name'), { target: { value: '奶茶' } });
    fireEvent.click(screen.getByTestId('content-submit'));
    await waitFor(() => expect(writes()).toEqual(['POST /api/content-batches']));
    expect(calls((_u, m) => m === 'POST')[0]?.body).toMatchObject({ source: 'importIdea', reportId: 'r1', ideaIndex: 1 });
    expect(calls((_u, m) => m === 'POST')[0]?.body).not.toHaveProperty('topic');
  });

  it('opens the lingshi reminder when the balance is short, and says other refusals', async () => {
    createAnswer = () => jsonResponse(400, { code: 400, error: 'INSUFFICIENT_LINGSHI', msg: '灵石不足' });
    render('/mott-content?hotspotId=h-1');
    fireEvent.change(await screen.findByTestId('content-product-name'), { target: { value: '奶茶' } });
    fireEvent.click(screen.getByTestId('content-submit'));
    await waitFor(() => expect(screen.getByTestId('reminder')).toHaveTextContent('lingshi'));
    expect(screen.getByTestId('content-form-error')).toHaveTextContent('灵石不足');

    createAnswer = () => jsonResponse(400, { code: 400, error: 'CONTENT_PRODUCT_REQUIRED', msg: '请填写产品名称' });
    fireEvent.click(screen.getByTestId('content-submit'));
    expect(await screen.findByTestId('content-error-productName')).toHaveTextContent('请填写产品名称');
  });
});

describe('ContentPage: a batch', () => {
  it('polls while loading, shows the live text, then the written items, and stops polling', async () => {
    reads = [batch(), batch({ items: [done(item('redbook')), item('weibo')] }), completed()];
    render('/mott-content?batch=b1');
    expect(await screen.findByTestId('content-batch')).toHaveAttribute('data-loading', 'true');
    expect(within(card('redbook')).getByTestId('content-item-status')).toHaveTextContent('生成中');
    expect(await within(card('redbook')).findByTestId('content-item-live')).toHaveTextContent('【标题】月光下的第一杯');
    expect(screen.getByTestId('content-stop-all')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('content-batch')).toHaveAttribute('data-loading', 'false'), { timeout: 5000 });
    const red = card('redbook');
    expect(within(red).getByTestId('content-item-status')).toHaveTextContent('已完成');
    expect(within(red).getByTestId('content-item-title')).toHaveTextContent('redbook标题');
    expect(within(red).getByTestId('content-item-body').textContent).toBe('redbook正文\n第二段');
    expect(within(red).getByTestId('content-item-tags')).toHaveTextContent('#中秋#奶茶');
    expect(within(card('weibo')).queryByTestId('content-item-title')).toBeNull();
    expect(screen.queryByTestId('content-stop-all')).toBeNull();
    expect(screen.queryByTestId('content-continue')).toBeNull();
    const reads1 = calls((u) => u === '/api/content-batches/b1').length;
    expect(reads1).toBe(3);
    await new Promise((r) => setTimeout(r, 1800));
    expect(calls((u) => u === '/api/content-batches/b1').length).toBe(reads1);
    // The recent list opens a batch.
    expect(screen.getAllByTestId('content-history-item')[0]).toHaveAttribute('href', '/mott-content?batch=b0');
  }, 10_000);

  it('stops all, stops one, and continues what stopped or failed', async () => {
    reads = [batch()];
    const stopped = batch({ loading: false, items: [item('redbook', { status: 'stopped', result: 'stop', currentTaskId: null }), item('weibo', { status: 'failed', result: 'fail', currentTaskId: null, errorCode: 'TASK_FAILED', errorMsg: '模型没有回答' })] });
    actionAnswer = () => {
      reads = [stopped];
      return ok(stopped);
    };
    render('/mott-content?batch=b1');
    fireEvent.click(await within(await screen.findByTestId('content-batch')).findByTestId('content-stop-all'));
    await waitFor(() => expect(screen.getByTestId('content-batch')).toHaveAttribute('data-loading', 'false'));
    expect(writes()).toEqual(['POST /api/content-batches/b1/stop']);
    expect(within(card('redbook')).getByTestId('content-item-stopped')).toHaveTextContent('已停止，灵石已退回。');
    expect(within(card('weibo')).getByTestId('content-item-failed')).toHaveTextContent('模型没有回答 生成失败，灵石已退回。');

    actionAnswer = () => ok(batch());
    fireEvent.click(screen.getByTestId('content-continue'));
    fireEvent.click(within(await screen.findByTestId('content-continue-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(writes()).toEqual(['POST /api/content-batches/b1/stop', 'POST /api/content-batches/b1/continue']));
    await waitFor(() => expect(screen.getByTestId('content-batch')).toHaveAttribute('data-loading', 'true'));

    fireEvent.click(within(card('weibo')).getByTestId('content-item-stop'));
    await waitFor(() => expect(writes()).toContain('POST /api/content-items/i-weibo/stop'));
  });

  it('regenerates after asking, rates, and toggles a rating back to null', async () => {
    const b = completed();
    reads = [b];
    actionAnswer = () => ok(b);
    render('/mott-content?batch=b1');
    await screen.findByTestId('content-batch');
    fireEvent.click(within(card('redbook')).getByTestId('content-item-regenerate'));
    expect(screen.getByTestId('content-regenerate-confirm')).toHaveTextContent('小红书');
    expect(writes()).toEqual([]);
    fireEvent.click(within(screen.getByTestId('content-regenerate-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(writes()).toEqual(['POST /api/content-items/i-redbook/regenerate']));

    const liked = { ...b, items: [done(item('redbook'), { rating: 'like' }), b.items[1] as ContentBatch['items'][number]] };
    actionAnswer = () => ok(liked);
    fireEvent.click(within(card('redbook')).getByTestId('content-item-like'));
    await waitFor(() => expect(within(card('redbook')).getByTestId('content-item-like')).toHaveAttribute('aria-pressed', 'true'));
    actionAnswer = () => ok(b);
    fireEvent.click(within(card('redbook')).getByTestId('content-item-like'));
    await waitFor(() => expect(within(card('redbook')).getByTestId('content-item-like')).toHaveAttribute('aria-pressed', 'false'));
    fireEvent.click(within(card('weibo')).getByTestId('content-item-dislike'));
    await waitFor(() => expect(calls((u) => u.endsWith('/rating'))).toHaveLength(3));
    expect(calls((u) => u.endsWith('/rating')).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/content-items/i-redbook/rating', { operationType: 'like' }],
      ['PUT', '/api/content-items/i-redbook/rating', { operationType: null }],
      ['PUT', '/api/content-items/i-weibo/rating', { operationType: 'dislike' }],
    ]);
  });

  it('saves an edit; a save without changes sends nothing and says so', async () => {
    const b = completed();
    reads = [b];
    actionAnswer = () => ok({ ...b, items: [done(item('redbook'), { content: '新的正文', edited: true }), b.items[1]] });
    render('/mott-content?batch=b1');
    await screen.findByTestId('content-batch');
    fireEvent.click(within(card('redbook')).getByTestId('content-item-edit'));
    fireEvent.click(within(card('redbook')).getByTestId('content-edit-save'));
    expect(screen.getByTestId('toast')).toHaveTextContent('内容没有改动');
    expect(writes()).toEqual([]);
    expect(within(card('redbook')).queryByTestId('content-item-editor')).toBeNull();

    fireEvent.click(within(card('redbook')).getByTestId('content-item-edit'));
    fireEvent.change(within(card('redbook')).getByTestId('content-edit-content'), { target: { value: '新的正文' } });
    fireEvent.click(within(card('redbook')).getByTestId('content-edit-save'));
    await waitFor(() => expect(writes()).toEqual(['PUT /api/content-items/i-redbook/text']));
    expect(calls((u) => u.endsWith('/text'))[0]?.body).toEqual({ title: 'redbook标题', content: '新的正文', tags: ['中秋', '奶茶'] });
    await waitFor(() => expect(within(card('redbook')).getByTestId('content-item-body')).toHaveTextContent('新的正文'));
    expect(card('redbook')).toHaveTextContent('已编辑');
  });

  it('removes a picture by its upload id', async () => {
    const b = completed();
    const pic = { uploadId: 'u-1', url: '/api/files/uploads/u-1.png', type: 'upload' as const };
    reads = [{ ...b, items: [done(item('redbook'), { images: [pic] }), b.items[1] as ContentBatch['items'][number]] }];
    actionAnswer = () => ok(b);
    render('/mott-content?batch=b1');
    await screen.findByTestId('content-batch');
    expect(within(card('redbook')).getAllByTestId('content-item-image')).toHaveLength(1);
    fireEvent.click(within(card('redbook')).getByTestId('content-item-image-remove'));
    await waitFor(() => expect(writes()).toEqual(['DELETE /api/content-items/i-redbook/images/u-1']));
    await waitFor(() => expect(within(card('redbook')).queryAllByTestId('content-item-image')).toHaveLength(0));
  });

  it('lays out one column on a phone', async () => {
    reads = [completed()];
    renderWithProviders(
      <MemoryRouter initialEntries={['/mott-content?batch=b1']}>
        <ContentPage mobile />
      </MemoryRouter>,
      user,
    );
    await screen.findByTestId('content-batch');
    expect(screen.getByTestId('content-page')).toHaveClass('content-page', 'mobile');
  });

  it('speaks English', async () => {
    reads = [completed()];
    render('/mott-content?batch=b1');
    await screen.findByTestId('content-batch');
    act(() => setLang('en'));
    expect(within(card('redbook')).getByTestId('content-item-status')).toHaveTextContent('Done');
    expect(screen.getByTestId('content-submit')).toHaveTextContent('Generate');
    expect(screen.getByTestId('content-total')).toHaveTextContent('Costs 10 coins');
  });
});
