import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../lib/api/schema';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { localDay, monthsToLoad } from '../upcoming';
import { WorkbenchPage } from './WorkbenchPage';

type Hotspot = components['schemas']['Hotspot'];

const user = { user: { id: 1, phone: '13800138000' } };
let fetchMock: ReturnType<typeof vi.fn>;
const ok = (data: unknown) => jsonResponse(200, { code: 0, msg: '', data });

const hotspot = (n: number): Hotspot => ({
  id: `h-${n}`,
  title: `热点 ${n}`,
  summary: '',
  url: `https://example.com/${n}`,
  kind: 'topic',
  platform: 'weibo',
  origin: 'feed',
  sourceName: '微博热搜',
  heat: 123456,
  rank: n,
  growth: 4567,
  mentions: 1,
  firstSeenAt: 1,
  lastSeenAt: 2,
  mine: false,
});

const today = localDay();
const [thisMonth, nextMonth] = monthsToLoad(today);
const pad = (n: number) => String(n).padStart(2, '0');
/** A date of a month, as the calendar writes it. */
const dateOf = (m: { year: number; month: number }, d: number) => `${m.year}-${pad(m.month)}-${pad(d)}`;

async function fakeApi(url: string): Promise<Response> {
  const u = new URL(url, 'http://x');
  const p = u.searchParams;
  if (u.pathname === '/api/hotspots') return ok({ list: Array.from({ length: Number(p.get('pageSize')) }, (_, i) => hotspot(i + 1)), total: 40 });
  if (u.pathname === '/api/calendar') {
    const m = { year: Number(p.get('year')), month: Number(p.get('month')) };
    const entry = { kind: 'festival', name: m.month === thisMonth.month ? '本月节日' : '下月节日', nameEn: 'A festival' };
    // Today has an entry (the month boundary itself is upcoming.test.ts's).
    const date = m.month === thisMonth.month ? today : dateOf(m, 1);
    return ok({ year: m.year, month: m.month, list: [{ day: Number(date.slice(8)), date, lunarDate: '初一', entries: [entry] }] });
  }
  if (u.pathname === '/api/tasks') {
    return ok({
      list: [{ taskId: 't1', bizType: 'QR_CODE_ART', status: 'SUCCESS', progress: 100, params: {}, results: [], createdAt: '2026-11-27T08:00:00Z', waitingForPool: false }],
      total: 1,
    });
  }
  if (u.pathname === '/api/idea-reports') {
    const list = [
      { id: 'r2', reportTitle: '中秋节营销', process: 'generating', createdAt: Date.parse('2026-11-27T09:00:00Z') },
      { id: 'r1', reportTitle: '热点 1', process: 'completed', createdAt: Date.parse('2026-11-26T09:00:00Z') },
    ];
    return ok({ list: list.slice(0, Number(p.get('pageSize'))), total: 2 });
  }
  return jsonResponse(404, { code: 404, msg: 'nope', error: 'NOT_FOUND' });
}

const paths = () => fetchMock.mock.calls.map(([u]) => String(u));

beforeEach(() => {
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const render = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/mott']}>
      <Routes>
        <Route path="/mott" element={<WorkbenchPage />} />
        <Route path="/hot-topic-list" element={<p data-testid="hot-list-page" />} />
      </Routes>
    </MemoryRouter>,
    user,
  );

describe('WorkbenchPage', () => {
  it('shows five rising topics, the dates of the next 30 days from this month and the next, and the latest tasks', async () => {
    render();
    const hotspots = await screen.findAllByTestId('workbench-hotspot');
    expect(hotspots).toHaveLength(5);
    expect(hotspots[0]).toHaveTextContent('热点 1');
    expect(hotspots[0]).toHaveTextContent('微博 · 微博热搜 · 热度 12.3万');
    expect(within(hotspots[0] as HTMLElement).getByTestId('workbench-hotspot-title')).toHaveAttribute('href', 'https://example.com/1');

    const dates = await screen.findAllByTestId('workbench-date');
    expect(dates[0]).toHaveAttribute('data-date', today);
    expect(dates[0]).toHaveTextContent('今天');
    expect(dates[0]).toHaveTextContent('本月节日');

    const tasks = await screen.findAllByTestId('workbench-task');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toHaveTextContent('艺术二维码');
    expect(tasks[0]).toHaveTextContent('已完成');

    expect(paths()).toContain('/api/hotspots?pageNum=1&pageSize=5&sort=rising&kind=topic');
    expect(paths()).toContain(`/api/calendar?year=${thisMonth.year}&month=${thisMonth.month}&showActivityDesc=true`);
    expect(paths()).toContain(`/api/calendar?year=${nextMonth.year}&month=${nextMonth.month}&showActivityDesc=true`);
    expect(paths()).toContain('/api/tasks?pageNum=1&pageSize=5');
  });

  it('lists the three newest idea reports, each reopened on /mott-idea, and leads to a new one', async () => {
    render();
    const reports = await screen.findAllByTestId('workbench-report');
    expect(reports).toHaveLength(2);
    expect(reports[0]).toHaveTextContent('中秋节营销');
    expect(reports[0]).toHaveAttribute('href', '/mott-idea?reportId=r2');
    expect(reports[0]?.closest('li')).toHaveTextContent('生成中');
    expect(reports[1]?.closest('li')).toHaveTextContent('已完成');
    expect(screen.getByTestId('workbench-reports-new')).toHaveAttribute('href', '/mott-idea');
    expect(paths()).toContain('/api/idea-reports?pageNum=1&pageSize=3');
  });

  it('links its tools, the idea reports among them, and the hot-list card goes there', async () => {
    render();
    const tools = screen.getByTestId('workbench-tools');
    const expected = {
      'hot-topic-list': '热点榜单',
      'mott-idea': '创意报告',
      'mott-content': '内容生成',
      'content-calendar': '营销日历',
      'rewrite-text': '文案改写',
      'rewrite-article': '爆文改写',
      'topic-generate': '主题创作',
      'modi-poster': '海报创作',
      'mott-statistics': '数据统计',
    };
    for (const [path, name] of Object.entries(expected)) {
      const card = within(tools).getByTestId(`workbench-tool-${path}`);
      expect(card).toHaveAttribute('href', `/${path}`);
      expect(card).toHaveTextContent(name);
    }
    expect(within(tools).queryByText('即将上线')).toBeNull();

    fireEvent.click(within(tools).getByTestId('workbench-tool-hot-topic-list'));
    await waitFor(() => expect(screen.getByTestId('hot-list-page')).toBeInTheDocument());
  });
});
