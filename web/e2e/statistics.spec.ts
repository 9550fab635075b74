import { readFile } from 'node:fs/promises';
import { devices, expect, test, type Page } from '@playwright/test';
import { signInWithToken } from './helpers/api';
import { productPng } from './helpers/images';
import { openSettled, settle, signInMerchant } from './helpers/pages';
import { shot } from './helpers/poster';

/**
 * /mott-statistics against the real GET /api/marketing/statistics(.csv): a
 * fresh merchant has nothing in the last 30 days; one artistic QR code (a
 * free task) makes it 1. The brand must list the route (api/config/brands.toml).
 */

/** Submits one artistic QR code on /ai-qr-code and waits for its codes, as qr-code.spec.ts does. */
async function makeQrCode(page: Page) {
  await openSettled(page, '/ai-qr-code');
  await expect(page.getByTestId('generate-button')).toContainText('0');
  await page.getByTestId('qr-content').fill('https://pixmart.example/e2e-statistics');
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('qr-result').first()).toBeVisible({ timeout: 180_000 });
}

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/mott-statistics');
  await expect(page.getByTestId('login-required-page')).toBeVisible();
  await expect(page.getByTestId('stats-page')).toHaveCount(0);
});

test('statistics: empty for a new merchant, 1 generation after a QR code, the CSV, a phone', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(300_000);
  const token = await signInMerchant(page, request);

  await openSettled(page, '/mott-statistics');
  await expect(page.getByTestId('stats-empty')).toContainText('该时间段内暂无生成记录');
  await expect(page.getByTestId('stats-preset-30')).toHaveAttribute('aria-pressed', 'true');
  // No tenant: no team scope.
  await expect(page.getByTestId('stats-scope-tenant')).toHaveCount(0);
  await shot(page, testInfo, 'statistics-empty');

  // A custom range longer than 366 days is refused in place.
  await page.getByTestId('stats-preset-custom').click();
  await page.getByTestId('stats-from').fill('2024-01-01');
  await page.getByTestId('stats-to').fill('2025-06-01');
  await page.getByTestId('stats-apply').click();
  await expect(page.getByTestId('stats-range-error')).toHaveText('时间范围最长366天');

  await makeQrCode(page);
  await openSettled(page, '/mott-statistics');
  await expect(page.getByTestId('stats-kpi-generations')).toContainText('生成次数');
  await expect(page.getByTestId('stats-kpi-generations-value')).toHaveText('1');
  await expect(page.getByTestId('stats-by-type-list')).toContainText('艺术二维码: 1');
  await expect(page.getByTestId('stats-daily').locator('svg').first()).toBeVisible();
  await settle(page);
  await shot(page, testInfo, 'statistics');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^pixmart-statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path());
  const lines = csv.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(lines[0]).toBe('date,bizType,generations,succeeded,failed,lingshiSpent');
  expect(lines[1]).toContain(',QR_CODE_ART,1,');

  // English.
  await page.getByTestId('lang-switch').click();
  await expect(page.getByTestId('stats-kpi-generations')).toContainText('Generations');
  await page.getByTestId('lang-switch').click();

  // A phone (the mobile route set) at 390×844: one column, the KPI cards on screen.
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  try {
    const mobile = await phone.newPage();
    await signInWithToken(mobile, token);
    await openSettled(mobile, '/mott-statistics');
    await expect(mobile.getByTestId('stats-page')).toHaveClass(/mobile/);
    await expect(mobile.getByTestId('stats-kpi-generations-value')).toHaveText('1');
    for (const id of ['generations', 'success', 'lingshi', 'likes']) await expect(mobile.getByTestId(`stats-kpi-${id}`)).toBeVisible();
    const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await settle(mobile);
    await shot(mobile, testInfo, 'statistics-phone');
  } finally {
    await phone.close();
  }
});
