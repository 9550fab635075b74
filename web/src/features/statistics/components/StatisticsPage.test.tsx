import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session';
import { dismissToast } from '../../../lib/toast';
import { captureDownloads } from '../../../test/downloads';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { MarketingStatistics } from '../api/statistics';
import { presetRange, utcDay } from '../range';
import { StatisticsPage } from './StatisticsPage';

const user = { user: { id: 1, phone: '13800138000' } };
let tenant: boolean;
let stats: MarketingStatistics;
let saved: string[];
let fetchMock: ReturnType<typeof vi.fn>;

const figures = (over: Partial<MarketingStatistics['totals']> = {}): MarketingStatistics => ({
  from: '2026-11-01',
  to: '2026-11-27',
  scope: 'mine',
  totals: { generations: 12, succeeded: 10, failed: 2, lingshiSpent: 65, likes: 3, dislikes: 1, likeRate: 0.75, ...over },
  byType: [
    { bizType: 'TEXT_REWRITE', generations: 5, succeeded: 5, failed: 0, lingshiSpent: 25 },
    { bizType: 'QR_CODE_ART', generations: 7, succeeded: 5, failed: 2, lingshiSpent: 40 },
  ],
  byPlatform: [
    { platform: 'redbook', generations: 4 },
    { platform: 'weibo', generations: 1 },
  ],
  daily: [{ date: '2026-11-01', generations: 12, succeeded: 10, failed: 2, lingshiSpent: 65 }],
});

async function fakeApi(url: string): Promise<Response> {
  if (url.startsWith('/api/config')) return jsonResponse(200, { code: 0, msg: '', data: tenant ? { tenant: { id: 3, name: 'ACME' } } : {} });
  const u = new URL(url, 'http://x');
  if (u.pathname === '/api/marketing/statistics.csv') {
    return new Response('date,bizType,generations,succeeded,failed,lingshiSpent\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
  }
  if (u.pathname === '/api/marketing/statistics') {
    if (u.searchParams.get('scope') === 'tenant' && !tenant) {
      return jsonResponse(400, { code: 400, error: 'MARKETING_NO_TENANT', msg: '你还没有加入团队' });
    }
    return jsonResponse(200, { code: 0, msg: '', data: stats });
  }
  return jsonResponse(404, { code: 404, msg: 'nope', error: 'NOT_FOUND' });
}

/** The statistics calls' query strings, in order. */
const statCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/marketing/statistics?'))
    .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));

beforeEach(() => {
  tenant = false;
  stats = figures();
  saved = captureDownloads();
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
  dismissToast();
});

const render = () => renderWithProviders(<StatisticsPage />, user);

describe('StatisticsPage', () => {
  it('shows the last 30 days’ KPI cards: generations, success rate, coins spent, like rate with likes and dislikes', async () => {
    render();
    const kpis = await screen.findByTestId('stats-kpis');
    expect(within(kpis).getByTestId('stats-kpi-generations')).toHaveTextContent('生成次数');
    expect(screen.getByTestId('stats-kpi-generations-value')).toHaveTextContent('12');
    expect(screen.getByTestId('stats-kpi-generations')).toHaveTextContent('成功 10 · 失败 2');
    expect(screen.getByTestId('stats-kpi-success-value')).toHaveTextContent('83.3%');
    expect(screen.getByTestId('stats-kpi-lingshi-value')).toHaveTextContent('65');
    expect(screen.getByTestId('stats-kpi-likes-value')).toHaveTextContent('75%');
    expect(screen.getByTestId('stats-kpi-likes')).toHaveTextContent('赞 3 · 踩 1');
    // Task types by their names, platforms by theirs.
    expect(screen.getByTestId('stats-by-type-list')).toHaveTextContent('艺术二维码: 7');
    expect(screen.getByTestId('stats-by-type-list')).toHaveTextContent('文案改写: 5');
    expect(screen.getByTestId('stats-by-platform-list')).toHaveTextContent('小红书: 4');
    expect(screen.getByTestId('stats-daily')).toBeInTheDocument();
    expect(statCalls()).toEqual([{ ...presetRange(30, utcDay()), scope: 'mine' }]);
    // Without a tenant there is no team scope.
    expect(screen.queryByTestId('stats-scope-tenant')).toBeNull();
  });

  it('says a range without generations plainly, and what is unrated', async () => {
    stats = figures({ generations: 0, succeeded: 0, failed: 0, lingshiSpent: 0, likes: 0, dislikes: 0, likeRate: null });
    render();
    expect(await screen.findByTestId('stats-empty')).toHaveTextContent('该时间段内暂无生成记录');
    expect(screen.queryByTestId('stats-kpis')).toBeNull();
  });

  it('switches presets and takes a custom range only once it is valid', async () => {
    render();
    await screen.findByTestId('stats-kpis');
    fireEvent.click(screen.getByTestId('stats-preset-7'));
    await waitFor(() => expect(statCalls().at(-1)).toEqual({ ...presetRange(7, utcDay()), scope: 'mine' }));
    expect(screen.getByTestId('stats-preset-7')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByTestId('stats-preset-custom'));
    fireEvent.change(screen.getByTestId('stats-from'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByTestId('stats-to'), { target: { value: '2025-06-01' } });
    fireEvent.click(screen.getByTestId('stats-apply'));
    expect(screen.getByTestId('stats-range-error')).toHaveTextContent('时间范围最长366天');
    const before = statCalls().length;

    fireEvent.change(screen.getByTestId('stats-from'), { target: { value: '2025-05-01' } });
    fireEvent.click(screen.getByTestId('stats-apply'));
    expect(screen.queryByTestId('stats-range-error')).toBeNull();
    await waitFor(() => expect(statCalls().at(-1)).toEqual({ from: '2025-05-01', to: '2025-06-01', scope: 'mine' }));
    expect(statCalls()).toHaveLength(before + 1);
    expect(screen.getByTestId('stats-range-days')).toHaveTextContent('共 32 天');
  });

  it('downloads the CSV of the same range and scope with the bearer header', async () => {
    setToken('tok-1');
    render();
    await screen.findByTestId('stats-kpis');
    fireEvent.click(screen.getByTestId('stats-preset-7'));
    fireEvent.click(screen.getByTestId('stats-export'));
    const { from, to } = presetRange(7, utcDay());
    await waitFor(() => expect(saved).toEqual([`pixmart-statistics-${from}-${to}.csv`]));
    const csv = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/marketing/statistics.csv'));
    expect(String(csv?.[0])).toBe(`/api/marketing/statistics.csv?from=${from}&to=${to}&scope=mine`);
    expect(new Headers((csv?.[1] as RequestInit).headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('offers the team scope in a tenant, and says MARKETING_NO_TENANT’s message', async () => {
    tenant = true;
    render();
    fireEvent.click(await screen.findByTestId('stats-scope-tenant'));
    await waitFor(() => expect(statCalls().at(-1)).toMatchObject({ scope: 'tenant' }));
    expect(screen.getByTestId('stats-scope-tenant')).toHaveAttribute('aria-pressed', 'true');

    // The tenant went away since the configuration loaded: the server's word is shown.
    tenant = false;
    fireEvent.click(screen.getByTestId('stats-preset-90'));
    await waitFor(() => expect(screen.getByTestId('stats-error')).toHaveTextContent('你还没有加入团队'));
  });
});
