import type { ReactElement } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../lib/i18n';
import { closeLoginDialog, isLoginDialogOpen } from '../../../lib/session';
import { dismissToast } from '../../../lib/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { CalendarKind } from '../api/calendar';
import { calendarMonth, february2026 } from '../fixture';
import { CalendarMonthView } from './CalendarMonthView';

const signedIn = { user: { id: 1, phone: '13800138000' } };

/** The day's entries link to the idea report page: the view renders inside a router, as in the app. */
const inRouter = (ui: ReactElement, session?: Parameters<typeof renderWithProviders>[1]) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, session);
let fetchMock: ReturnType<typeof vi.fn>;

/** The calendar calls' query strings, in order. */
const calls = () =>
  fetchMock.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/calendar'))
    .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));

async function fakeApi(url: string): Promise<Response> {
  const q = new URL(url, 'http://x').searchParams;
  const types = (q.get('calendarMarketingTypes') ?? 'festival,solar_term,platform_node').split(',') as CalendarKind[];
  const year = Number(q.get('year'));
  const month = Number(q.get('month'));
  const data = year === 2026 && month === 2 ? february2026(types, q.get('showActivityDesc') === 'true') : calendarMonth(year, month);
  return jsonResponse(200, { code: 0, msg: '', data });
}

/** Lets the fake clock run `ms` and React Query answer. */
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const cell = (date: string) => screen.getByTestId(`calendar-day-${date}`);

function stubNarrow(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // A Tuesday in February 2026: the view opens on that month.
  vi.setSystemTime(new Date(2026, 1, 10, 9, 0));
  fetchMock = vi.fn(fakeApi);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLang('zh');
  closeLoginDialog();
  dismissToast();
});

describe('CalendarMonthView loading', () => {
  it('asks nothing for a visitor and shows the sign-in prompt, whose button opens the login dialog', async () => {
    inRouter(<CalendarMonthView />);
    await flush(2000);
    expect(calls()).toEqual([]);
    const prompt = screen.getByTestId('login-required-page');
    expect(prompt).toHaveTextContent('请先登录');
    fireEvent.click(within(prompt).getByTestId('calendar-login'));
    expect(isLoginDialogOpen()).toBe(true);
  });

  it('loads the current month at once for a signed-in user, with all kinds and descriptions', async () => {
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    expect(calls()).toEqual([{ year: '2026', month: '2', calendarMarketingTypes: 'festival,solar_term,platform_node', showActivityDesc: 'true' }]);
    expect(screen.getByTestId('calendar-heading')).toHaveTextContent('2026年2月');
  });

  it('waits 500 ms after the last change of month before it loads, and loads only that month', async () => {
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    for (let i = 0; i < 3; i++) {
      fireEvent.click(screen.getByTestId('calendar-next'));
      await flush(200);
    }
    expect(screen.getByTestId('calendar-heading')).toHaveTextContent('2026年5月');
    await flush(299);
    expect(calls()).toHaveLength(1);
    await flush(1);
    expect(calls().map((c) => c.month)).toEqual(['2', '5']);
    // The picker's change waits too.
    fireEvent.change(screen.getByTestId('calendar-year'), { target: { value: '2027' } });
    await flush(499);
    expect(calls()).toHaveLength(2);
    await flush(1);
    expect(calls().at(-1)).toMatchObject({ year: '2027', month: '5' });
  });

  it('reloads 500 ms after a kind is switched off, and asks nothing while none is on', async () => {
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    expect(within(cell('2026-02-18')).getByText('雨水')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('calendar-kind-solar_term'));
    await flush(499);
    expect(calls()).toHaveLength(1);
    await flush(1);
    expect(calls().at(-1)?.calendarMarketingTypes).toBe('festival,platform_node');
    await flush();
    expect(within(cell('2026-02-18')).queryByText('雨水')).toBeNull();

    fireEvent.click(screen.getByTestId('calendar-kind-festival'));
    fireEvent.click(screen.getByTestId('calendar-kind-platform_node'));
    await flush(2000);
    expect(calls()).toHaveLength(2);
    expect(screen.getByTestId('calendar-no-types')).toHaveTextContent('请至少选择一种类型');
  });

  it('starts from the kinds it is given (travel events: festivals and platform nodes)', async () => {
    inRouter(<CalendarMonthView initialTypes={['festival', 'platform_node']} emphasiseHolidays />, signedIn);
    await flush();
    expect(calls()[0]?.calendarMarketingTypes).toBe('festival,platform_node');
    expect(screen.getByTestId('calendar-kind-solar_term')).not.toBeChecked();
    expect(screen.getByTestId('calendar')).toHaveClass('travel');
  });
});

describe('CalendarMonthView grid', () => {
  it('shows day, lunar date (the month on 初一), 休/班 and entries by kind; today is marked', async () => {
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    const spring = cell('2026-02-17');
    expect(within(spring).getByTestId('calendar-lunar')).toHaveTextContent('正月');
    expect(within(spring).getByTestId('calendar-holiday')).toHaveTextContent('休');
    expect(within(spring).getAllByTestId('calendar-chip').map((c) => [c.textContent, c.dataset.kind])).toEqual([
      ['春节', 'festival'],
      ['年货节', 'platform_node'],
    ]);
    expect(within(cell('2026-02-18')).getByTestId('calendar-lunar')).toHaveTextContent('初二');
    expect(within(cell('2026-02-14')).getByTestId('calendar-holiday')).toHaveTextContent('班');
    expect(within(cell('2026-02-20')).queryByTestId('calendar-holiday')).toBeNull();
    expect(cell('2026-02-10')).toHaveClass('today');
    expect(cell('2026-02-10')).toHaveAttribute('aria-current', 'date');
    // Monday first: the 1st (a Sunday) ends the first row.
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getAllByRole('gridcell')[6]).toContainElement(cell('2026-02-01'));
  });

  it('opens a day with entries on a click, with its descriptions; in English the English names', async () => {
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    // A day without entries is not a button.
    expect(cell('2026-02-20').tagName).toBe('DIV');
    // The detail's place is held (the grid does not narrow on a click).
    expect(screen.getByTestId('calendar-detail-hint')).toBeInTheDocument();
    fireEvent.click(cell('2026-02-17'));
    expect(screen.queryByTestId('calendar-detail-hint')).toBeNull();
    const detail = screen.getByTestId('calendar-detail');
    expect(detail).toHaveTextContent('2月17日 周二');
    expect(detail).toHaveTextContent('农历正月初一');
    expect(within(detail).getAllByTestId('calendar-entry')[0]).toHaveTextContent('春节节日新春团圆，年货与拜年内容');
    // "用它做营销": the idea report page with the day's entry as its topic.
    const plan = within(detail).getAllByTestId('calendar-entry-plan')[0];
    expect(plan).toHaveTextContent('用它做营销');
    expect(plan).toHaveAttribute('href', `/mott-idea?topic=${encodeURIComponent('春节')}&topicDesc=${encodeURIComponent('新春团圆，年货与拜年内容')}&source=CALENDAR`);
    // "写内容": the content page with the entry as its topic, on its day.
    const write = within(detail).getAllByTestId('calendar-entry-content')[0];
    expect(write).toHaveTextContent('写内容');
    expect(write).toHaveAttribute('href', `/mott-content?source=calendar&topic=${encodeURIComponent('春节')}&date=2026-02-17`);

    act(() => setLang('en'));
    expect(within(cell('2026-02-17')).getAllByTestId('calendar-chip')[0]).toHaveTextContent('Spring Festival');
    expect(within(cell('2026-02-17')).getByTestId('calendar-holiday')).toHaveTextContent('Off');
    expect(detail).toHaveTextContent('Tue, February 17');
    expect(detail).toHaveTextContent('Reunions, new-year goods and greetings');
    expect(screen.getByTestId('calendar-heading')).toHaveTextContent('February 2026');

    fireEvent.click(within(detail).getByTestId('calendar-detail-close'));
    expect(screen.queryByTestId('calendar-detail')).toBeNull();
    expect(screen.getByTestId('calendar-detail-hint')).toBeInTheDocument();
  });

  it('asks for the descriptions only while they are switched on', async () => {
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    fireEvent.click(screen.getByTestId('calendar-show-desc'));
    await flush();
    expect(calls().at(-1)?.showActivityDesc).toBe('false');
    fireEvent.click(cell('2026-02-17'));
    expect(within(screen.getByTestId('calendar-detail')).getAllByTestId('calendar-entry')[0]).toHaveTextContent(/^春节节日用它做营销写内容$/);
  });

  it('says so when the month cannot be loaded, and retries', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse(500, { code: 500, error: 'INTERNAL', msg: 'boom' }));
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    fireEvent.click(screen.getByTestId('calendar-retry'));
    await flush();
    expect(screen.getByTestId('calendar-grid')).toBeInTheDocument();
  });
});

describe('CalendarMonthView on a phone', () => {
  it('lists only the days with entries or a 休/班 mark', async () => {
    stubNarrow(true);
    inRouter(<CalendarMonthView />, signedIn);
    await flush();
    expect(screen.queryByTestId('calendar-grid')).toBeNull();
    const agenda = screen.getByTestId('calendar-agenda');
    const days = within(agenda).getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('calendar-agenda-'));
    expect(days.map((li) => li.dataset.testid)).toEqual(
      ['04', '14', '15', '16', '17', '18'].map((d) => `calendar-agenda-2026-02-${d}`),
    );
    expect(screen.getByTestId('calendar-agenda-2026-02-17')).toHaveTextContent('春节');
    expect(screen.getByTestId('calendar-agenda-2026-02-17')).toHaveTextContent('休');
  });
});
