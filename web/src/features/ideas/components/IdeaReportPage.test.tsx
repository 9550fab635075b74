import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { setToken } from '../../../lib/session';
import { dismissToast } from '../../../lib/toast';
import { captureDownloads } from '../../../test/downloads';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { IdeaReport, NewIdeaReport } from '../api/ideas';
import { completed, DEFAULTS, report } from '../fixture';
import { IdeaReportPage } from './IdeaReportPage';

const user = { user: { id: 1, phone: '13800138000' } };
const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });

let fetchMock: ReturnType<typeof vi.fn>;
/** What GET /api/idea-reports/{id} answers, in turn (the last one repeats). */
let reads: IdeaReport[];
let posted: NewIdeaReport[];
let createAnswer: () => Response;
let saved: string[];

function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const u = new URL(url, 'http://x');
  const method = init?.method ?? 'GET';
  const path = u.pathname;
  if (path === '/api/idea-reports/defaults') return Promise.resolve(ok(DEFAULTS));
  if (path === '/api/hotspots/h-1') return Promise.resolve(ok({ id: 'h-1', title: '秋天的第一杯奶茶', summary: '' }));
  if (path === '/api/idea-reports' && method === 'POST') {
    posted.push(JSON.parse(String(init?.body)) as NewIdeaReport);
    return Promise.resolve(createAnswer());
  }
  if (path === '/api/idea-reports') return Promise.resolve(ok({ list: [completed(report({ id: 'r0', reportTitle: '国庆节' }))], total: 1 }));
  if (path.endsWith('/cancel')) {
    const cancelled = report({ process: 'cancelled', runningStage: null, stage: 'summary' });
    reads = [cancelled];
    return Promise.resolve(ok(cancelled));
  }
  if (path.endsWith('/export.docx')) {
    return Promise.resolve(new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } }));
  }
  if (path.startsWith('/api/idea-reports/')) {
    const next = reads.length > 1 ? reads.shift() : reads[0];
    return Promise.resolve(next ? ok(next) : jsonResponse(404, { code: 404, msg: 'no', error: 'NOT_FOUND' }));
  }
  // The live text of the stage being written.
  if (path === '/api/tasks/t-live/events') {
    const frames = [
      `event: task\ndata: ${JSON.stringify({ taskId: 't-live', bizType: 'MKT_IDEA_GEN', status: 'RUNNING', progress: 10, params: {}, results: [], createdAt: '2026-11-27T09:00:00Z', waitingForPool: false })}\n\n`,
      `event: text\ndata: ${JSON.stringify({ kind: 'text', index: 0, attempt: 0, text: '【创意一】月光下的第一杯' })}\n\n`,
    ];
    // The stream stays open (the stage is still being written).
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const f of frames) c.enqueue(new TextEncoder().encode(f));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  }
  // Other tasks' streams: none (the page polls the report anyway).
  return Promise.resolve(jsonResponse(404, { code: 404, msg: 'nope', error: 'NOT_FOUND' }));
}

const calls = (pred: (url: string, method: string) => boolean) =>
  fetchMock.mock.calls.filter(([u, init]) => pred(String(u), (init as RequestInit | undefined)?.method ?? 'GET')).map(([u]) => String(u));

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.search}</output>;
}

const render = (entry: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/mott-idea"
          element={
            <>
              <IdeaReportPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    user,
  );

beforeEach(() => {
  reads = [];
  posted = [];
  createAnswer = () => ok(report());
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
  saved = captureDownloads();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setLang('zh');
  dismissToast();
});

describe('IdeaReportPage: the form', () => {
  it('takes a hotspot from the address, shows the prices, checks the product and sends the request', async () => {
    reads = [report({ hotspotId: 'h-1', hotspotSourceType: 'PUBLIC', reportTitle: '秋天的第一杯奶茶' })];
    createAnswer = () => ok(reads[0]);
    render('/mott-idea?hotspotId=h-1');
    expect(await screen.findByTestId('idea-subject-hotspot')).toHaveTextContent('秋天的第一杯奶茶');
    expect(calls((u) => u.startsWith('/api/idea-reports/defaults'))).toEqual(['/api/idea-reports/defaults?hotspotSourceType=PUBLIC']);
    expect(screen.getByTestId('idea-social-price-image')).toHaveTextContent('30灵石/3个');
    expect(screen.getByTestId('idea-social-price-video')).toHaveTextContent('限时免费至 2027-06-30');
    expect(screen.getByTestId('idea-total')).toHaveTextContent('合计：30灵石');
    expect(screen.getByTestId('idea-style-humorous')).toHaveClass('active');
    expect(screen.getByTestId('idea-report-empty')).toBeInTheDocument();

    // No product: refused here, nothing is sent.
    fireEvent.click(screen.getByTestId('idea-submit'));
    expect(screen.getByTestId('idea-error-marketDesc')).toHaveTextContent('请填写产品/品牌信息');
    // No kind of idea either.
    for (const s of ['image', 'video', 'offline']) fireEvent.click(screen.getByTestId(`idea-social-${s}`));
    expect(screen.getByTestId('idea-total')).toHaveTextContent('合计：免费');
    fireEvent.click(screen.getByTestId('idea-submit'));
    expect(screen.getByTestId('idea-error-socialType')).toHaveTextContent('请至少选择一种创意类型');
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByTestId('idea-market-desc'), { target: { value: '桂花乌龙奶茶，18元一杯，低糖' } });
    expect(screen.queryByTestId('idea-error-marketDesc')).toBeNull();
    expect(screen.getByTestId('idea-market-desc-count')).toHaveTextContent('15/500');
    fireEvent.click(screen.getByTestId('idea-social-image'));
    fireEvent.click(screen.getByTestId('idea-style-emotional'));
    fireEvent.click(screen.getByTestId('idea-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      hotspotSourceType: 'PUBLIC',
      hotspotId: 'h-1',
      mktType: 'product',
      marketDesc: '桂花乌龙奶茶，18元一杯，低糖',
      ideaStyle: 'emotional',
      socialType: ['image'],
      ordering: 'desktop',
      language: 'zh',
    });
    // The new report is on screen and in the address (a reload keeps it).
    expect(await screen.findByTestId('idea-report')).toHaveAttribute('data-process', 'generating');
    expect(screen.getByTestId('where').textContent).toBe('?hotspotId=h-1&reportId=r1');
  });

  it('fills a calendar day in as the topic and asks for a topic when there is none', async () => {
    render('/mott-idea?topic=%E4%B8%AD%E7%A7%8B%E8%8A%82&topicDesc=%E5%9B%A2%E5%9C%86&source=CALENDAR');
    expect(await screen.findByTestId('idea-topic')).toHaveValue('中秋节');
    expect(screen.getByTestId('idea-topic-desc')).toHaveValue('团圆');
    expect(screen.getByTestId('idea-subject-calendar')).toHaveTextContent('营销日历');
    expect(calls((u) => u.startsWith('/api/idea-reports/defaults'))).toEqual(['/api/idea-reports/defaults?hotspotSourceType=CALENDAR']);
    fireEvent.change(screen.getByTestId('idea-topic'), { target: { value: ' ' } });
    fireEvent.change(screen.getByTestId('idea-market-desc'), { target: { value: '奶茶' } });
    fireEvent.click(screen.getByTestId('idea-submit'));
    expect(screen.getByTestId('idea-error-reportTitle')).toHaveTextContent('请填写营销主题');
    expect(posted).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names, and other refusals under the form', async () => {
    createAnswer = () => jsonResponse(400, { code: 400, error: 'IDEA_TEXT_TOO_LONG', field: 'prompt', msg: '补充要求不能超过500字' });
    render('/mott-idea');
    fireEvent.change(await screen.findByTestId('idea-topic'), { target: { value: '周年庆' } });
    fireEvent.change(screen.getByTestId('idea-market-desc'), { target: { value: '奶茶' } });
    fireEvent.click(screen.getByTestId('idea-submit'));
    expect(await screen.findByTestId('idea-error-prompt')).toHaveTextContent('补充要求不能超过500字');
    expect(posted[0]).toMatchObject({ hotspotSourceType: 'CUSTOM_INSPIRATION', reportTitle: '周年庆' });

    createAnswer = () => jsonResponse(400, { code: 400, error: 'MODEL_MISSING', msg: '缺少文本模型 qwen2.5' });
    fireEvent.click(screen.getByTestId('idea-submit'));
    expect(await screen.findByTestId('idea-form-error')).toHaveTextContent('缺少文本模型 qwen2.5');
  });
});

describe('IdeaReportPage: a report', () => {
  it('follows a report stage by stage until it is complete, then exports it once a minute', async () => {
    setToken('tok-1');
    reads = [report({ stage: 'summary', runningStage: 'advice_online', reportContent: { ...report().reportContent, eventSummary: '中秋节是团圆的节日。' } }), completed()];
    render('/mott-idea?reportId=r1');
    const view = await screen.findByTestId('idea-report');
    expect(view).toHaveAttribute('data-process', 'generating');
    expect(screen.getByTestId('idea-step-summary')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('idea-step-advice_online')).toHaveAttribute('data-state', 'running');
    expect(screen.getByTestId('idea-step-risk')).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByTestId('idea-summary')).toHaveTextContent('中秋节是团圆的节日。');
    expect(within(screen.getByTestId('idea-section-advice_online')).getByTestId('idea-running')).toHaveTextContent('正在撰写…');
    expect(screen.getByTestId('idea-cancel')).toBeInTheDocument();
    expect(screen.queryByTestId('idea-export')).toBeNull();

    // Polled every 1.5 s until it is final.
    await waitFor(() => expect(screen.getByTestId('idea-report')).toHaveAttribute('data-process', 'completed'), { timeout: 4000 });
    expect(screen.getByTestId('idea-report-status')).toHaveTextContent('已完成');
    const cards = within(screen.getByTestId('idea-section-advice_online')).getAllByTestId('idea-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('图文创意1图文创意1的内容用它写内容');
    // "用它写内容": the content page with the picture idea as its subject.
    expect(within(cards[1]).getByTestId('idea-card-write')).toHaveAttribute('href', '/mott-content?reportId=r1&ideaIndex=1');
    expect(within(screen.getByTestId('idea-section-advice_online')).getAllByTestId('idea-card-write')).toHaveLength(3);
    expect(within(screen.getByTestId('idea-section-risk')).getAllByTestId('idea-point')).toHaveLength(2);
    expect(screen.queryByTestId('idea-cancel')).toBeNull();
    // Its end refreshes the list (and the balance).
    await waitFor(() => expect(calls((u) => u === '/api/idea-reports?pageNum=1&pageSize=10').length).toBeGreaterThanOrEqual(2));
    // The list has the merchant's reports.
    expect(screen.getAllByTestId('idea-history-item')[0]).toHaveAttribute('href', '/mott-idea?reportId=r0');

    fireEvent.click(screen.getByTestId('idea-export'));
    const dialog = await screen.findByTestId('idea-export-dialog');
    expect(within(dialog).getByTestId('idea-export-title')).toHaveValue('热点营销策划');
    fireEvent.click(within(dialog).getByTestId('idea-export-submit'));
    await waitFor(() => expect(saved).toEqual(['热点营销策划.docx']));
    const docx = fetchMock.mock.calls.find(([u]) => String(u).includes('/export.docx'));
    expect(String(docx?.[0])).toBe(`/api/idea-reports/r1/export.docx?title=${encodeURIComponent('热点营销策划')}`);
    expect(new Headers((docx?.[1] as RequestInit).headers).get('Authorization')).toBe('Bearer tok-1');
    await waitFor(() => expect(screen.getByTestId('idea-export')).toBeDisabled());
    expect(screen.getByTestId('idea-export')).toHaveTextContent('60秒后可再次导出');
    expect(screen.getByTestId('idea-export')).toHaveAttribute('data-cooldown', '60');
  });

  it('shows the text of the stage being written as it streams, as is', async () => {
    reads = [report({ stage: 'summary', runningStage: 'advice_online', currentTaskId: 't-live' })];
    render('/mott-idea?reportId=r1');
    const live = await screen.findByTestId('idea-live-text');
    expect(live).toHaveTextContent('【创意一】月光下的第一杯');
    expect(within(screen.getByTestId('idea-section-advice_online')).getByTestId('idea-running')).toContainElement(live);
    expect(calls((u) => u === '/api/tasks/t-live/events')).toHaveLength(1);
  });

  it('cancels a report being written, after asking', async () => {
    reads = [report()];
    render('/mott-idea?reportId=r1');
    fireEvent.click(await screen.findByTestId('idea-cancel'));
    const confirm = await screen.findByTestId('idea-cancel-confirm');
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('idea-report')).toHaveAttribute('data-process', 'cancelled'));
    expect(calls((u, m) => m === 'POST' && u.endsWith('/cancel'))).toEqual(['/api/idea-reports/r1/cancel']);
    expect(screen.getByTestId('idea-cancelled')).toHaveTextContent('已取消');
    expect(screen.getByTestId('idea-report-status')).toHaveTextContent('已取消');
  });

  it('names the failed stage and starts the same report again', async () => {
    reads = [report({ process: 'failed', stage: 'summary', runningStage: null, currentTaskId: null, errorStage: 'advice_online', errorCode: 'TASK_FAILED' })];
    createAnswer = () => ok(report({ id: 'r2' }));
    render('/mott-idea?reportId=r1');
    expect(await screen.findByTestId('idea-failed')).toHaveTextContent('「图文创意」生成失败');
    expect(screen.getByTestId('idea-step-advice_online')).toHaveAttribute('data-state', 'failed');
    fireEvent.click(screen.getByTestId('idea-retry'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ hotspotSourceType: 'CALENDAR', reportTitle: '中秋节', topicDesc: '团圆', marketDesc: '桂花乌龙奶茶，18元一杯，低糖', ideaStyle: 'lively', socialType: ['image'] });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?reportId=r2'));
  });

  it('speaks English', async () => {
    reads = [report({ process: 'failed', stage: 'summary', runningStage: null, errorStage: 'advice_online' })];
    render('/mott-idea?reportId=r1');
    await screen.findByTestId('idea-failed');
    act(() => setLang('en'));
    expect(screen.getByTestId('idea-failed')).toHaveTextContent('“Picture ideas” could not be written');
    expect(screen.getByTestId('idea-submit')).toHaveTextContent('Generate report');
    expect(screen.getByTestId('idea-social-price-image')).toHaveTextContent('30 coins / 3 ideas');
  });
});
