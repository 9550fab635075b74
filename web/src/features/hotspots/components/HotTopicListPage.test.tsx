import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { Hotspot, HotspotPlatform } from '../api/hotspots';
import { HotTopicListPage } from './HotTopicListPage';

const user = { user: { id: 1, phone: '13800138000' } };
let store: Hotspot[];
let fetchMock: ReturnType<typeof vi.fn>;

const hotspot = (n: number, over: Partial<Hotspot> = {}): Hotspot => ({
  id: `h-${n}`,
  title: `热点 ${n}`,
  summary: `摘要 ${n}`,
  url: `https://example.com/${n}`,
  kind: 'topic',
  platform: (['weibo', 'redbook'] as HotspotPlatform[])[n % 2] as HotspotPlatform,
  origin: 'feed',
  sourceName: '微博热搜',
  heat: 123456,
  rank: n,
  growth: 4567,
  mentions: 12,
  firstSeenAt: 1764201600000,
  lastSeenAt: 1764288000000,
  mine: false,
  ...over,
});
const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });

/** The API over `store`: filters by origin, kind and platform, pages by pageNum/pageSize. */
async function fakeApi(url: string, init?: RequestInit): Promise<Response> {
  const u = new URL(url, 'http://x');
  const method = init?.method ?? 'GET';
  if (u.pathname === '/api/hotspots' && method === 'GET') {
    const p = u.searchParams;
    const kinds = p.get('kind')?.split(',');
    const rows = store.filter(
      (h) =>
        (!p.get('origin') || h.origin === p.get('origin')) &&
        (!kinds || kinds.includes(h.kind)) &&
        (!p.get('platform') || h.platform === p.get('platform')) &&
        (!p.get('keyword') || h.title.includes(p.get('keyword') as string)),
    );
    const size = Number(p.get('pageSize'));
    const from = (Number(p.get('pageNum')) - 1) * size;
    return ok({ list: rows.slice(from, from + size), total: rows.length });
  }
  if (u.pathname === '/api/hotspots' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { title: string; summary?: string };
    const saved = hotspot(900 + store.length, { ...body, origin: 'custom', mine: true, url: null, platform: 'other' });
    store.unshift(saved);
    return ok(saved);
  }
  const one = /^\/api\/hotspots\/(.+)$/.exec(u.pathname);
  if (one && method === 'DELETE') {
    store = store.filter((h) => h.id !== one[1]);
    return ok({ removed: true });
  }
  if (one) {
    const h = store.find((x) => x.id === one[1]);
    return ok({ ...h, history: [{ at: 1, rank: 5, heat: 1000 }, { at: 2, rank: 3, heat: 5000 }, { at: 3, rank: 1, heat: 9000 }] });
  }
  if (u.pathname === '/api/hot-words') {
    return ok({ list: ['奶茶', '露营', '开学', '演唱会', '冬至', '新品'].map((word, i) => ({ word, recent: 50 - i, earlier: 10 + i, growth: 40 - 2 * i })) });
  }
  return jsonResponse(404, { code: 404, msg: 'nope', error: 'NOT_FOUND' });
}

/** The list calls' query strings, in order. */
const listCalls = () =>
  fetchMock.mock.calls
    .map(([u, init]) => [String(u), (init as RequestInit | undefined)?.method ?? 'GET'] as const)
    .filter(([u, m]) => m === 'GET' && u.startsWith('/api/hotspots?'))
    .map(([u]) => Object.fromEntries(new URL(u, 'http://x').searchParams));
const titles = () => screen.getAllByTestId('hotspot-title').map((e) => e.textContent);

beforeEach(() => {
  store = Array.from({ length: 25 }, (_, i) => hotspot(i + 1));
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const render = (path = '/hot-topic-list') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <HotTopicListPage calendar={<div data-testid="calendar-slot" />} />
    </MemoryRouter>,
    user,
  );

describe('HotTopicListPage', () => {
  it('shows real-time hot topics as cards: rank, title, summary, platform, source, heat, growth and a link out', async () => {
    render();
    const cards = await screen.findAllByTestId('hotspot-card');
    expect(cards).toHaveLength(10);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByTestId('hotspot-rank')).toHaveTextContent('1');
    expect(first.getByTestId('hotspot-title')).toHaveTextContent('热点 1');
    expect(first.getByText('摘要 1')).toBeInTheDocument();
    expect(first.getByTestId('hotspot-platform')).toHaveTextContent('小红书');
    expect(first.getByText('微博热搜')).toBeInTheDocument();
    expect(first.getByTestId('hotspot-heat')).toHaveTextContent('热度 12.3万');
    expect(first.getByTestId('hotspot-growth')).toHaveTextContent('▲ +4567');
    expect(first.queryByTestId('hotspot-mentions')).toBeNull();
    const link = first.getByTestId('hotspot-link');
    expect(link).toHaveAttribute('href', 'https://example.com/1');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(listCalls()).toEqual([{ pageNum: '1', pageSize: '10', sort: 'rising', kind: 'topic', origin: 'feed', windowHours: '24' }]);
  });

  it('appends the next pages, then says it has them all; a filter change starts again at page 1', async () => {
    render();
    await waitFor(() => expect(titles()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('hotspot-load-more'));
    await waitFor(() => expect(titles()).toHaveLength(20));
    expect(titles()[10]).toBe('热点 11');
    fireEvent.click(screen.getByTestId('hotspot-load-more'));
    await waitFor(() => expect(titles()).toHaveLength(25));
    expect(screen.getByTestId('hotspot-list-end')).toBeInTheDocument();
    expect(listCalls().map((c) => c.pageNum)).toEqual(['1', '2', '3']);

    fireEvent.click(screen.getByTestId('hotspot-platform-weibo'));
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(screen.getAllByTestId('hotspot-platform').every((b) => b.textContent === '微博')).toBe(true);
    expect(listCalls().at(-1)).toMatchObject({ pageNum: '1', platform: 'weibo' });

    fireEvent.click(screen.getByTestId('hotspot-window-6'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ pageNum: '1', platform: 'weibo', windowHours: '6' }));
    fireEvent.change(screen.getByTestId('hotspot-keyword'), { target: { value: '热点 2' } });
    fireEvent.click(screen.getByTestId('hotspot-search'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ pageNum: '1', keyword: '热点 2' }));
    await waitFor(() => expect(titles()).toEqual(['热点 2', '热点 20', '热点 22', '热点 24']));
  });

  it('loads the next page when the list’s end comes near the viewport', async () => {
    const observed: { fire: (hit: boolean) => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private cb: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          observed.push({ fire: (hit) => this.cb([{ isIntersecting: hit }]) });
        }
        disconnect() {}
      },
    );
    render();
    await waitFor(() => expect(titles()).toHaveLength(10));
    act(() => observed.at(-1)?.fire(false));
    expect(listCalls()).toHaveLength(1);
    act(() => observed.at(-1)?.fire(true));
    await waitFor(() => expect(titles()).toHaveLength(20));
    expect(listCalls().map((c) => c.pageNum)).toEqual(['1', '2']);
  });

  it('switches to the topic ranking (mentions) and the hot words (a table), keeping the window', async () => {
    render();
    await screen.findAllByTestId('hotspot-card');
    fireEvent.click(screen.getByTestId('hotspot-window-168'));
    fireEvent.click(screen.getByTestId('hotspot-mode-ranking'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'ranking', windowHours: '168', pageNum: '1' }));
    expect((await screen.findAllByTestId('hotspot-mentions'))[0]).toHaveTextContent('上榜 12 次');
    expect(screen.queryByTestId('hotspot-growth')).toBeNull();

    fireEvent.click(screen.getByTestId('hotspot-mode-words'));
    const rows = await screen.findAllByTestId('hot-word-row');
    expect(rows).toHaveLength(6);
    expect(within(rows[0] as HTMLElement).getByTestId('hot-word')).toHaveTextContent('奶茶');
    expect(rows[0]).toHaveTextContent('+40');
    const words = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/hot-words'));
    expect(words).toEqual(['/api/hot-words?windowHours=168&size=30']);
    expect(screen.queryByTestId('hotspot-platform-weibo')).toBeNull();
  });

  it('asks each tab for its own list and shows the calendar it is given', async () => {
    store.push(hotspot(101, { kind: 'note' }), hotspot(102, { kind: 'video' }), hotspot(103, { kind: 'image', picUrl: 'https://example.com/p.jpg' }));
    store.push(hotspot(104, { origin: 'import' }));
    render();
    await screen.findAllByTestId('hotspot-card');
    fireEvent.click(screen.getByTestId('hotspot-tab-POPULAR'));
    await waitFor(() => expect(titles()).toEqual(['热点 101', '热点 102']));
    expect(listCalls().at(-1)).toMatchObject({ kind: 'note,video', sort: 'ranking' });
    fireEvent.click(screen.getByTestId('hotspot-tab-POPULAR_IMAGE'));
    await waitFor(() => expect(titles()).toEqual(['热点 103']));
    expect(screen.getByRole('img', { name: '热点 103' })).toHaveAttribute('src', 'https://example.com/p.jpg');
    fireEvent.click(screen.getByTestId('hotspot-tab-IMPORT'));
    await waitFor(() => expect(titles()).toEqual(['热点 104']));
    expect(listCalls().at(-1)).toMatchObject({ origin: 'import', sort: 'latest' });
    fireEvent.click(screen.getByTestId('hotspot-tab-CALENDAR'));
    expect(screen.getByTestId('calendar-slot')).toBeInTheDocument();
    expect(screen.queryByTestId('hotspot-list')).toBeNull();
  });

  it('opens a hotspot’s detail with its trend line and the way into an idea report', async () => {
    render();
    const cards = await screen.findAllByTestId('hotspot-card');
    fireEvent.click(within(cards[1] as HTMLElement).getByTestId('hotspot-open'));
    const drawer = await screen.findByTestId('hotspot-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('hotspot-trend')).toBeInTheDocument());
    expect(within(drawer).getByTestId('hotspot-trend').querySelector('polyline')?.getAttribute('points')).toMatch(/^[\d., ]+$/);
    expect(within(drawer).getByTestId('hotspot-use')).toHaveAttribute('href', '/mott-idea?hotspotId=h-2');
    expect(within(drawer).getByTestId('hotspot-content')).toHaveAttribute('href', '/mott-content?hotspotId=h-2');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/hotspots/h-2');
  });

  it('saves a custom hotspot (title required, at most 100; summary at most 500) and deletes it', async () => {
    render('/hot-topic-list?tab=CUSTOM');
    expect(await screen.findByTestId('hotspot-empty')).toHaveTextContent('还没有保存的热点');
    expect(listCalls().at(-1)).toEqual({ pageNum: '1', pageSize: '10', sort: 'latest', origin: 'custom' });

    fireEvent.click(screen.getByTestId('hotspot-form-submit'));
    expect(screen.getByTestId('hotspot-form-error-title')).toHaveTextContent('请输入热点标题');
    fireEvent.change(screen.getByTestId('hotspot-form-title'), { target: { value: '热'.repeat(101) } });
    fireEvent.change(screen.getByTestId('hotspot-form-summary'), { target: { value: 's'.repeat(501) } });
    fireEvent.click(screen.getByTestId('hotspot-form-submit'));
    expect(screen.getByTestId('hotspot-form-error-title')).toHaveTextContent('标题最多100个字');
    expect(screen.getByTestId('hotspot-form-error-summary')).toHaveTextContent('摘要最多500个字');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('hotspot-form-title'), { target: { value: '测试自定义热点' } });
    fireEvent.change(screen.getByTestId('hotspot-form-summary'), { target: { value: '门店周年庆' } });
    fireEvent.click(screen.getByTestId('hotspot-form-submit'));
    await waitFor(() => expect(titles()).toEqual(['测试自定义热点']));
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ title: '测试自定义热点', summary: '门店周年庆' });
    expect(screen.getByTestId('hotspot-form-title')).toHaveValue('');

    fireEvent.click(screen.getByTestId('hotspot-delete'));
    fireEvent.click(within(await screen.findByTestId('hotspot-delete-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('hotspot-empty')).toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([u, init]) => String(u) === '/api/hotspots/h-925' && (init as RequestInit).method === 'DELETE')).toBe(true);
  });
});
