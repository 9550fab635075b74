import { expect, test, type Page } from '@playwright/test';
import { shot } from './helpers/poster';
import { openSettled, settle, signInMerchant } from './helpers/pages';

/**
 * The hot lists (/hot-topic-list) on the demonstration data
 * (`pixmart-api demo-hotspots`, which scripts/run loads): the hot tab's
 * real-time list pages ten at a time, the topic ranking, the hot words,
 * the platform filter, a hotspot's detail with its trend line, and the
 * CUSTOM tab's save and delete. Then the list on a phone (390×844). The
 * brand must list `/hot-topic-list` (api/config/brands.toml) or the page
 * is 403.
 */
const cards = (page: Page) => page.getByTestId('hotspot-card');

/** More than one page: the "load more" button, or scrolling to the end (which loads by itself). */
async function loadSecondPage(page: Page) {
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
  const more = page.getByTestId('hotspot-load-more');
  if ((await cards(page).count()) <= 10 && (await more.isVisible())) await more.click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => cards(page).count()).toBeGreaterThan(10);
}

test('hot lists on desktop: real-time hot pages by 10, ranking, hot words, platform filter, detail, custom save and delete', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await signInMerchant(page, request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSettled(page, '/hot-topic-list');

  // The hot tab, real-time hot: a first page of ten, then more.
  await expect(page.getByTestId('hotspot-tab-hot')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('hotspot-mode-rising')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
  await expect(cards(page).first().getByTestId('hotspot-growth')).toBeVisible();
  await settle(page);
  await shot(page, testInfo, 'zh-hot-topic-list');
  await loadSecondPage(page);

  // Topic ranking: mentions instead of growth, from the first page again.
  await page.getByTestId('hotspot-mode-ranking').click();
  await expect(cards(page).first().getByTestId('hotspot-mentions')).toBeVisible();
  await expect(cards(page).first().getByTestId('hotspot-rank')).toHaveText('1');

  // Hot-word ranking: a table.
  await page.getByTestId('hotspot-mode-words').click();
  await expect(page.getByTestId('hot-word-table')).toBeVisible();
  await expect.poll(() => page.getByTestId('hot-word-row').count()).toBeGreaterThanOrEqual(5);
  await settle(page);
  await shot(page, testInfo, 'zh-hot-word-ranking');

  // Back to real-time hot, Weibo only: every badge says 微博.
  await page.getByTestId('hotspot-mode-rising').click();
  await page.getByTestId('hotspot-platform-weibo').click();
  await expect(page.getByTestId('hotspot-platform-weibo')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => [...new Set(await cards(page).getByTestId('hotspot-platform').allTextContents())]).toEqual(['微博']);
  expect(await cards(page).count()).toBeGreaterThan(0);

  // A hotspot's detail: the trend line and the way into an idea report.
  await cards(page).first().getByTestId('hotspot-open').click();
  const drawer = page.getByTestId('hotspot-drawer');
  await expect(drawer.getByTestId('hotspot-trend')).toBeVisible();
  await expect(drawer.getByTestId('hotspot-use')).toHaveAttribute('href', /\/mott-idea\?hotspotId=/);
  await page.waitForTimeout(300); // the drawer's transition
  await shot(page, testInfo, 'zh-hot-topic-detail');
  await drawer.getByTestId('modal-close').click();
  await expect(page.getByTestId('hotspot-drawer')).toHaveCount(0);

  // CUSTOM: save a hotspot, see it listed, delete it.
  await page.getByTestId('hotspot-tab-CUSTOM').click();
  await expect(page.getByTestId('hotspot-form')).toBeVisible();
  await page.getByTestId('hotspot-form-submit').click();
  await expect(page.getByTestId('hotspot-form-error-title')).toBeVisible();
  await page.getByTestId('hotspot-form-title').fill('测试自定义热点');
  await page.getByTestId('hotspot-form-summary').fill('门店周年庆，到店送小样');
  await page.getByTestId('hotspot-form-submit').click();
  const mine = cards(page).filter({ hasText: '测试自定义热点' });
  await expect(mine).toHaveCount(1);
  await settle(page);
  await shot(page, testInfo, 'zh-hot-topic-custom');
  await mine.getByTestId('hotspot-delete').click();
  await page.getByTestId('hotspot-delete-confirm').getByTestId('confirm-ok').click();
  await expect(mine).toHaveCount(0);
});

test('hot lists on a phone: one column of cards, the filters in a row that scrolls sideways @mobile', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await signInMerchant(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettled(page, '/hot-topic-list');
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
  // One column: every card starts at the same left edge and fits the screen.
  const boxes = await cards(page).evaluateAll((els) => els.slice(0, 5).map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(1);
  for (const b of boxes) expect(b.right).toBeLessThanOrEqual(390);
  // The filters stay on one line (the row scrolls), and the page does not scroll sideways.
  const filters = page.getByTestId('hotspot-filters');
  expect(await filters.evaluate((e) => getComputedStyle(e).flexWrap)).toBe('nowrap');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(page);
  await shot(page, testInfo, 'zh-hot-topic-list');
  await cards(page).first().getByTestId('hotspot-open').click();
  await expect(page.getByTestId('hotspot-drawer').getByTestId('hotspot-trend')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, testInfo, 'zh-hot-topic-detail');
});
