import { devices, expect, test, type Page } from '@playwright/test';
import { signInWithToken } from './helpers/api';
import { openSettled, settle, signInMerchant } from './helpers/pages';
import { productPng } from './helpers/images';
import { shot } from './helpers/poster';

/**
 * Content per platform (/mott-content) against the real API and a text
 * model: from a calendar day (春节, February 2026) to a redbook note and a
 * weibo post for the merchant's product, 10 lingshi each, each with a
 * scene and a design picture of the product photo; a like that
 * persists; an edit, and a save without changes that sends nothing; then a
 * phone writes its own post. The brand must list `/mott-content`
 * (api/config/brands.toml) or the page is 403.
 */

const post = (page: Page, platform: string) => page.locator(`[data-testid="content-item"][data-platform="${platform}"]`);

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/mott-content');
  await expect(page.getByTestId('login-required-page')).toBeVisible();
  await expect(page.getByTestId('content-page')).toHaveCount(0);
});

test('content from a calendar day for redbook and weibo: written, liked, edited; a phone writes one too', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(900_000);
  const token = await signInMerchant(page, request);

  // The calendar: 春节's "写内容" leads to the content page with the day as its subject.
  await openSettled(page, '/content-calendar');
  await page.getByTestId('calendar-year').selectOption('2026');
  await page.getByTestId('calendar-month').selectOption('2');
  await expect(page.getByTestId('calendar-heading')).toHaveText('2026年2月');
  await expect(page.getByTestId('calendar')).not.toHaveAttribute('data-stale', /.*/);
  await page.getByTestId('calendar-day-2026-02-17').click();
  const detail = page.getByTestId('calendar-detail');
  await expect(detail).toContainText('春节');
  await detail.getByTestId('calendar-entry-content').first().click();
  await expect(page).toHaveURL(/\/mott-content\?source=calendar&topic=/);
  await settle(page);
  await expect(page.getByTestId('content-topic')).toHaveValue('春节');

  // The form: redbook and weibo by default, the price from the server.
  await expect(page.getByTestId('content-platform-redbook')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('content-platform-weibo')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('content-platform-tiktok')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('content-total')).toHaveText('消耗 20 灵石');
  // No product: refused on the page, nothing sent.
  await page.getByTestId('content-submit').click();
  await expect(page.getByTestId('content-error-productName')).toBeVisible();
  await expect(page.getByTestId('content-batch')).toHaveCount(0);
  await page.getByTestId('content-product-name').fill('桂花乌龙奶茶');
  await page.getByTestId('content-product-info').fill('中杯16元，低糖，桂花香，春节限定');
  // A product photo: each post then gets a scene and a design picture, at no extra cost.
  await page.getByTestId('content-photo-file').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('content-photo-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('content-total')).toHaveText('消耗 20 灵石');
  await shot(page, testInfo, 'content-form');
  await page.getByTestId('content-submit').click();

  // The batch: in the address, one card per platform, written by the model.
  await expect(page.getByTestId('content-batch')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/batch=/);
  const batchId = new URL(page.url()).searchParams.get('batch');
  expect(batchId).toBeTruthy();
  await expect(page.getByTestId('content-item')).toHaveCount(2);
  for (const platform of ['redbook', 'weibo']) {
    await expect(post(page, platform)).toHaveAttribute('data-result', 'success', { timeout: 600_000 });
  }
  await expect(post(page, 'redbook').getByTestId('content-item-title')).not.toBeEmpty();
  await expect(post(page, 'redbook').getByTestId('content-item-body')).not.toBeEmpty();
  await expect(post(page, 'weibo').getByTestId('content-item-title')).toHaveCount(0);
  await expect(post(page, 'weibo').getByTestId('content-item-body')).not.toBeEmpty();
  // Each post's scene and design pictures.
  for (const platform of ['redbook', 'weibo']) {
    const pictures = post(page, platform).getByTestId('content-gen-image');
    await expect(pictures).toHaveCount(2, { timeout: 60_000 });
    for (let i = 0; i < 2; i += 1) {
      await expect(pictures.nth(i)).toHaveAttribute('data-status', 'SUCCESS', { timeout: 300_000 });
      await expect(pictures.nth(i).locator('img')).toBeVisible();
    }
  }
  await settle(page);
  await shot(page, testInfo, 'content-batch');

  // Like the weibo post: it persists through a reload.
  await post(page, 'weibo').getByTestId('content-item-like').click();
  await expect(post(page, 'weibo').getByTestId('content-item-like')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await settle(page);
  await expect(post(page, 'weibo').getByTestId('content-item-like')).toHaveAttribute('aria-pressed', 'true');

  // Save without editing: nothing is sent; then a real edit is kept.
  const redbook = post(page, 'redbook');
  await redbook.getByTestId('content-item-edit').click();
  let saves = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/text')) saves += 1;
  });
  await redbook.getByTestId('content-edit-save').click();
  await expect(page.locator('.toast')).toContainText('内容没有改动');
  expect(saves).toBe(0);
  await redbook.getByTestId('content-item-edit').click();
  const body = redbook.getByTestId('content-edit-content');
  await body.fill(`${await body.inputValue()}\n\n到店报暗号“新春快乐”送桂花糕一份。`);
  await redbook.getByTestId('content-edit-save').click();
  await expect(redbook.getByTestId('content-item-body')).toContainText('新春快乐');
  expect(saves).toBe(1);
  await page.reload();
  await settle(page);
  await expect(post(page, 'redbook').getByTestId('content-item-body')).toContainText('新春快乐');

  // A phone: the batch in one column, nothing wider than the screen; then a post of its own.
  const phone = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-CN' });
  try {
    const mobile = await phone.newPage();
    await signInWithToken(mobile, token);
    await openSettled(mobile, `/mott-content?batch=${batchId}`);
    await expect(post(mobile, 'weibo').getByTestId('content-item-like')).toHaveAttribute('aria-pressed', 'true');
    const width = mobile.viewportSize()?.width ?? 412;
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(mobile, testInfo, 'content-batch-phone');

    await openSettled(mobile, '/mott-content');
    await mobile.getByTestId('content-topic').fill('周末下午茶');
    await mobile.getByTestId('content-product-name').fill('桂花乌龙奶茶');
    await mobile.getByTestId('content-platform-redbook').click();
    await expect(mobile.getByTestId('content-total')).toHaveText('消耗 10 灵石');
    await mobile.getByTestId('content-submit').click();
    await expect(mobile.getByTestId('content-item')).toHaveCount(1, { timeout: 30_000 });
    await expect(post(mobile, 'weibo')).toHaveAttribute('data-result', 'success', { timeout: 600_000 });
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(mobile, testInfo, 'content-post-phone');
  } finally {
    await phone.close();
  }
});
