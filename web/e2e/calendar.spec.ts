import { expect, test, type Page } from '@playwright/test';
import { shot } from './helpers/poster';
import { openSettled, settle, signInMerchant } from './helpers/pages';

/**
 * The marketing calendar (/content-calendar, /month-calendar) against the
 * real GET /api/calendar: February 2026 has 春节 on the 17th (正月初一, a
 * day off), a make-up working day on the 14th and 雨水 on the 18th (the
 * State Council's 2026 notice and the astronomical solar terms). The brand
 * must list the calendar routes (api/config/brands.toml) or the pages are 403.
 */
const day = (page: Page, date: string) => page.getByTestId(`calendar-day-${date}`);

/** Picks February 2026 and waits until its days are on screen (the month loads 500 ms after the change). */
async function openFebruary2026(page: Page, heading = '2026年2月') {
  await page.getByTestId('calendar-year').selectOption('2026');
  await page.getByTestId('calendar-month').selectOption('2');
  await expect(page.getByTestId('calendar-heading')).toHaveText(heading);
  await expect(page.getByTestId('calendar')).not.toHaveAttribute('data-stale', /.*/);
}

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/content-calendar');
  await expect(page.getByTestId('login-required-page')).toBeVisible();
  await expect(page.getByTestId('calendar')).toHaveCount(0);
});

test('content calendar on desktop: February 2026, 休/班, the day’s detail, kinds, English', async ({ page, request }, testInfo) => {
  await signInMerchant(page, request);
  await openSettled(page, '/content-calendar');
  await expect(page.getByTestId('content-calendar-page')).toBeVisible();
  await openFebruary2026(page);

  const spring = day(page, '2026-02-17');
  await expect(spring).toContainText('春节');
  await expect(spring.getByTestId('calendar-lunar')).toHaveText('正月');
  await expect(spring.getByTestId('calendar-holiday')).toHaveText('休');
  await expect(day(page, '2026-02-14').getByTestId('calendar-holiday')).toHaveText('班');
  await expect(day(page, '2026-02-18')).toContainText('雨水');
  await settle(page);
  await shot(page, testInfo, 'zh-content-calendar');

  // The day's detail lists its entries.
  await spring.click();
  const detail = page.getByTestId('calendar-detail');
  await expect(detail).toContainText('春节');
  await expect(detail).toContainText('正月初一');
  await shot(page, testInfo, 'zh-content-calendar-detail');

  // Without solar terms, 雨水 goes (after the reload).
  await page.getByTestId('calendar-kind-solar_term').uncheck();
  await expect(day(page, '2026-02-18').getByText('雨水')).toHaveCount(0);
  await expect(spring).toContainText('春节');

  // English names.
  await page.getByTestId('lang-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('calendar-heading')).toHaveText('February 2026');
  await expect(spring).toContainText('Spring Festival');
  await expect(detail).toContainText('Spring Festival');
  await settle(page);
  await shot(page, testInfo, 'en-content-calendar');
});

test('travel events: festivals and platform nodes, the days off stand out', async ({ page, request }, testInfo) => {
  await signInMerchant(page, request);
  await openSettled(page, '/month-calendar');
  await expect(page.getByTestId('month-calendar-page')).toBeVisible();
  await expect(page.getByTestId('calendar-kind-solar_term')).not.toBeChecked();
  await expect(page.getByTestId('calendar-kind-festival')).toBeChecked();
  await expect(page.getByTestId('calendar-kind-platform_node')).toBeChecked();
  await openFebruary2026(page);
  await expect(day(page, '2026-02-17')).toHaveClass(/holiday-off/);
  await expect(day(page, '2026-02-14')).toHaveClass(/holiday-work/);
  await expect(day(page, '2026-02-18').getByText('雨水')).toHaveCount(0);
  await settle(page);
  await shot(page, testInfo, 'zh-month-calendar');
});

test('content calendar on a phone: the agenda of February 2026 @mobile', async ({ page, request }, testInfo) => {
  await signInMerchant(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettled(page, '/content-calendar');
  await openFebruary2026(page);
  const agenda = page.getByTestId('calendar-agenda');
  await expect(agenda).toBeVisible();
  await expect(page.getByTestId('calendar-grid')).toHaveCount(0);
  await expect(page.getByTestId('calendar-agenda-2026-02-17')).toContainText('春节');
  await expect(page.getByTestId('calendar-agenda-2026-02-17')).toContainText('休');
  // Only the busy days, not all 28.
  const listed = await agenda.locator(':scope > li').count();
  expect(listed).toBeGreaterThan(0);
  expect(listed).toBeLessThan(28);
  await settle(page);
  await shot(page, testInfo, 'zh-content-calendar');
});
