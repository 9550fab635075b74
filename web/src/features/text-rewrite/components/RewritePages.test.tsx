import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { TASK_TYPES_PAYLOAD } from '../../../lib/taskTypes.fixture';
import { dismissToast, getToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RewriteArticlePage } from './RewriteArticlePage';
import { RewriteTextPage } from './RewriteTextPage';
import { TopicGeneratePage } from './TopicGeneratePage';

const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });
const enc = new TextEncoder();
const frame = (event: string, data: unknown) => enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

const NOTE = { shape: 'note', title: '秋冬必备好物', paragraphs: ['第一段文案', '第二段文案'], tags: ['好物分享', '秋冬'] };
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 't1',
  bizType: 'TEXT_REWRITE',
  status,
  progress: status === 'SUCCESS' ? 100 : 10,
  params: null,
  results: [],
  errorMsg: null,
  createdAt: '2026-11-27T00:00:00Z',
  waitingForPool: false,
  ...extra,
});
const done = (rating: unknown = null) =>
  task('SUCCESS', { results: [{ url: '/api/files/t1/0.txt', kind: 'text', width: 0, height: 0, copy: NOTE, rating }] });

let submitted: unknown[];
let ratings: { url: string; body: unknown }[];
let stream: ReadableStreamDefaultController<Uint8Array> | null;
let streamFails: boolean;
let taskNow: () => unknown;
let articleAnswer: () => Response;

async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const path = url.split('?')[0];
  const method = init?.method ?? 'GET';
  if (path === '/api/config') return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND', data: null });
  if (path === '/api/task-types') return ok(TASK_TYPES_PAYLOAD);
  if (path === '/api/capabilities') return ok({ pool: 'default', bizTypes: {} });
  if (path === '/api/tasks' && method === 'POST') {
    submitted.push(JSON.parse(String(init?.body)));
    return ok({ taskId: 't1' });
  }
  if (path === '/api/tasks') return ok({ list: [], total: 0 });
  if (path === '/api/tasks/t1/events') {
    if (streamFails) return jsonResponse(500, { code: 5000, error: 'INTERNAL', msg: 'boom' });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        stream = c;
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  }
  if (path === '/api/tasks/t1/results/0/rating' && method === 'PUT') {
    ratings.push({ url: path, body: JSON.parse(String(init?.body)) });
    return ok(null);
  }
  if (path === '/api/tasks/t1/stop' && method === 'POST') return ok(task('FAILED', { errorCode: 'TASK_STOPPED', errorMsg: '已停止' }));
  if (path === '/api/tasks/t1') return ok(taskNow());
  if (path === '/api/articles/fetch' && method === 'POST') return articleAnswer();
  return jsonResponse(404, { code: 4004, msg: 'nf', error: 'NOT_FOUND', data: null });
}

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  submitted = [];
  ratings = [];
  stream = null;
  streamFails = false;
  taskNow = () => task('RUNNING');
  articleAnswer = () => ok({ url: 'https://mp.weixin.qq.com/s/x', title: '原文标题', text: '这是文章正文。'.repeat(30), truncated: true });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  setLang('zh');
});

const user = { user: { id: 1, phone: '13800138000' } } as const;
const PAGES = { text: RewriteTextPage, article: RewriteArticlePage, topic: TopicGeneratePage };
const renderPage = (page: keyof typeof PAGES) => {
  const Page = PAGES[page];
  return renderWithProviders(<MemoryRouter><Page /></MemoryRouter>, user as never);
};

const LONG = '这是一段需要改写的商品文案，介绍我们的新款保温杯。';

describe('/rewrite-text', () => {
  it('shows the cost as price × count, and says a too short text is too short without submitting', async () => {
    renderPage('text');
    // perResult 5 × the server's default count 2.
    await waitFor(() => expect(screen.getByTestId('generate-cost')).toHaveTextContent('10'));
    fireEvent.change(screen.getByTestId('rewrite-genNum'), { target: { value: '3' } });
    expect(screen.getByTestId('generate-cost')).toHaveTextContent('15');

    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: '太短' } });
    expect(screen.getByTestId('rewrite-content-error')).toHaveTextContent('至少需要 5 个字');
    expect(screen.getByTestId('rewrite-content-counter')).toHaveTextContent('2/2000');
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(getToast()?.message).toContain('至少需要 5 个字');
    expect(submitted).toEqual([]);
  });

  it('submits the options, streams the answer as it grows, then lays it out with copy and like', async () => {
    renderPage('text');
    await waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG } });
    expect(screen.queryByTestId('rewrite-content-error')).toBeNull();
    fireEvent.click(screen.getByTestId('rewrite-platform-weibo'));
    fireEvent.click(screen.getByTestId('rewrite-platform-redbook'));
    fireEvent.click(screen.getByTestId('rewrite-style-professional'));
    fireEvent.change(screen.getByTestId('rewrite-language'), { target: { value: 'en' } });
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      bizType: 'TEXT_REWRITE',
      params: { content: LONG, socialPlatform: 'redbook', style: 'professional', language: 'en', genNum: 2 },
    });

    await waitFor(() => expect(stream).not.toBeNull());
    act(() => {
      stream?.enqueue(frame('task', task('RUNNING')));
      stream?.enqueue(frame('text', { kind: 'text', index: 0, attempt: 0, text: '秋冬' }));
    });
    await waitFor(() => expect(screen.getByTestId('live-text')).toHaveTextContent('秋冬'));
    act(() => stream?.enqueue(frame('text', { kind: 'text', index: 0, attempt: 0, text: '秋冬必备' })));
    await waitFor(() => expect(screen.getByTestId('live-text')).toHaveTextContent(/^秋冬必备$/));
    expect(screen.queryByTestId('live-rewriting')).toBeNull();
    // A new attempt starts over, and says so.
    act(() => stream?.enqueue(frame('text', { kind: 'text', index: 0, attempt: 1, text: '重' })));
    await waitFor(() => expect(screen.getByTestId('live-text')).toHaveTextContent(/^重$/));
    expect(screen.getByTestId('live-rewriting')).toHaveTextContent('正在重新撰写');
    expect(screen.getByTestId('stop-task')).toBeInTheDocument();

    act(() => {
      stream?.enqueue(frame('task', done()));
      stream?.close();
    });
    const card = await screen.findByTestId('text-result');
    expect(screen.queryByTestId('live-text')).toBeNull();
    expect(within(card).getByTestId('text-result-title')).toHaveTextContent('秋冬必备好物');
    expect(within(card).getByTestId('copy-tags')).toHaveTextContent('#好物分享');

    fireEvent.click(within(card).getByTestId('copy-button'));
    await waitFor(() => expect(getToast()?.message).toBe('复制成功～'));
    expect(writeText).toHaveBeenCalledWith('秋冬必备好物\n\n第一段文案\n\n第二段文案\n\n#好物分享 #秋冬');

    fireEvent.click(within(card).getByTestId('rate-like'));
    await waitFor(() => expect(getToast()?.message).toBe('点赞成功'));
    expect(ratings[0].body).toEqual({ rating: 'like', reasons: [] });
    expect(within(card).getByTestId('rate-like')).toHaveAttribute('aria-pressed', 'true');

    // A dislike asks why first.
    fireEvent.click(within(card).getByTestId('rate-dislike'));
    fireEvent.click(within(card).getByTestId('dislike-reason-weakCreativity'));
    expect(within(card).queryByTestId('dislike-reason-offTopic')).toBeNull();
    fireEvent.click(within(card).getByTestId('dislike-submit'));
    await waitFor(() => expect(getToast()?.message).toBe('点踩成功'));
    expect(ratings[1].body).toEqual({ rating: 'dislike', reasons: ['weakCreativity'] });
    expect(within(card).getByTestId('rate-dislike')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says a failed copy failed', async () => {
    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    taskNow = () => done();
    streamFails = true;
    renderPage('text');
    await waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG } });
    fireEvent.click(screen.getByTestId('generate-button'));
    const card = await screen.findByTestId('text-result');
    fireEvent.click(within(card).getByTestId('copy-button'));
    await waitFor(() => expect(getToast()?.message).toBe('复制失败～'));
  });

  it('falls back to polling when the stream fails, without a word to the user', async () => {
    streamFails = true;
    let polls = 0;
    taskNow = () => (++polls >= 2 ? done() : task('RUNNING'));
    renderPage('text');
    await waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG } });
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByTestId('text-result', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('task-error')).toBeNull();
    expect(getToast()?.type).not.toBe('error');
  });

  it('stops a running task: the lingshi are returned', async () => {
    renderPage('text');
    await waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG } });
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(stream).not.toBeNull());
    act(() => stream?.enqueue(frame('task', task('RUNNING'))));
    fireEvent.click(await screen.findByTestId('stop-task'));
    await waitFor(() => expect(getToast()?.message).toBe('停止生成，灵石已返还'));
    expect(await screen.findByTestId('task-error')).toBeInTheDocument();
  });

  it('lays out a video script as a shot table, an article with its headings (in English)', async () => {
    setLang('en');
    streamFails = true;
    taskNow = () =>
      task('SUCCESS', {
        results: [
          {
            url: '/a.txt',
            kind: 'text',
            width: 0,
            height: 0,
            copy: { shape: 'script', title: 'Cup', shots: [{ visual: 'Close-up', narration: 'Hello', seconds: 3 }], tags: ['cup'] },
          },
          { url: '/b.txt', kind: 'text', width: 0, height: 0, copy: { shape: 'article', title: 'Art', sections: [{ heading: 'One', paragraphs: ['p'] }] } },
          { url: '/c.txt', kind: 'text', width: 0, height: 0, copy: { shape: 'post', paragraphs: ['Post'], tags: ['hot'] } },
        ],
      });
    renderPage('text');
    await waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG } });
    fireEvent.click(screen.getByTestId('generate-button'));
    const cards = await screen.findAllByTestId('text-result');
    expect(cards).toHaveLength(3);
    const table = within(cards[0]).getByTestId('shot-table');
    expect(table).toHaveTextContent('Visual');
    expect(table).toHaveTextContent('Narration');
    expect(within(table).getAllByTestId('shot-row')[0]).toHaveTextContent('1');
    expect(within(table).getAllByTestId('shot-row')[0]).toHaveTextContent('3s');
    fireEvent.click(within(cards[0]).getByTestId('rate-dislike'));
    expect(within(cards[0]).getByTestId('dislike-reason-offTopic')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('heading', { name: 'One' })).toBeInTheDocument();
    expect(within(cards[2]).getByTestId('copy-tags')).toHaveTextContent('#hot#');
  });
});

describe('/rewrite-article', () => {
  it('fetches an article by its link into the editable text, one answer at the server’s price', async () => {
    renderPage('article');
    await waitFor(() => expect(screen.getByTestId('generate-cost')).toHaveTextContent('10'));
    expect(screen.queryByTestId('rewrite-genNum')).toBeNull();
    fireEvent.change(screen.getByTestId('article-url'), { target: { value: 'https://mp.weixin.qq.com/s/x' } });
    fireEvent.click(screen.getByTestId('article-fetch'));
    await waitFor(() => expect((screen.getByTestId('rewrite-content') as HTMLTextAreaElement).value).toContain('这是文章正文。'));
    expect(screen.getByTestId('article-fetched')).toHaveTextContent('原文标题');
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ bizType: 'HOT_ARTICLE_REWRITE', params: { socialPlatform: 'redbook', style: 'humorous', genNum: 1 } });
  });

  it("shows the server's message when a link cannot be fetched", async () => {
    articleAnswer = () => jsonResponse(400, { code: 4000, error: 'ARTICLE_LINK_NOT_ALLOWED', msg: '不支持该链接' });
    renderPage('article');
    fireEvent.change(screen.getByTestId('article-url'), { target: { value: 'https://intranet.example/x' } });
    fireEvent.click(screen.getByTestId('article-fetch'));
    expect(await screen.findByTestId('article-url-error')).toHaveTextContent('不支持该链接');
    fireEvent.change(screen.getByTestId('article-url'), { target: { value: 'not a link' } });
    fireEvent.click(screen.getByTestId('article-fetch'));
    expect(screen.getByTestId('article-url-error')).toHaveTextContent('http');
  });

  it('takes a manually entered article, checked against its own minimum', async () => {
    renderPage('article');
    await waitFor(() => expect(screen.getByTestId('generate-button')).toBeEnabled());
    fireEvent.click(screen.getByTestId('article-mode-manual'));
    expect(screen.queryByTestId('article-url')).toBeNull();
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG } });
    expect(screen.getByTestId('rewrite-content-error')).toHaveTextContent('至少需要 50 个字');
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(submitted).toEqual([]);
    fireEvent.change(screen.getByTestId('rewrite-content'), { target: { value: LONG.repeat(5) } });
    fireEvent.click(screen.getByTestId('rewrite-platform-wechat'));
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ params: { socialPlatform: 'wechat', genNum: 1 } });
  });
});

describe('/topic-generate', () => {
  it('asks for a topic, offers suggestions, and submits it as `topic` with the options', async () => {
    renderPage('topic');
    // perResult 10 × the server's default count 1.
    await waitFor(() => expect(screen.getByTestId('generate-cost')).toHaveTextContent('10'));
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByTestId('topic-input-error')).toHaveTextContent('请输入创作主题');
    expect(submitted).toEqual([]);

    fireEvent.click(within(screen.getByTestId('topic-suggestions')).getByText('露营季的防晒装备'));
    expect(screen.getByTestId('topic-input')).toHaveValue('露营季的防晒装备');
    fireEvent.click(screen.getByTestId('rewrite-platform-wechat'));
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      bizType: 'THEME_ARTICLE_GEN',
      params: { topic: '露营季的防晒装备', socialPlatform: 'wechat', style: 'humorous', genNum: 1 },
    });
  });

  it('speaks English', async () => {
    setLang('en');
    renderPage('topic');
    expect(await screen.findByText('Topic article')).toBeInTheDocument();
    expect(within(screen.getByTestId('topic-suggestions')).getByText('Winter warmers worth buying')).toBeInTheDocument();
  });
});
