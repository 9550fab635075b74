import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { pngInfo, productPng } from './helpers/images';

test('register, upload, cut out, download and find it in history', async ({ page }, testInfo) => {
  test.setTimeout(300_000);

  const image = productPng(1024);
  expect(image.length).toBeGreaterThan(600 * 1024);
  expect(image.length).toBeLessThan(10 * 1024 * 1024);

  await page.goto('/ai-cutout');
  await expect(page.getByTestId('generate-button')).toContainText('5');

  const phone = randomPhone();
  await registerThroughUi(page, phone);

  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: image });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('upload-error')).toHaveCount(0);

  // The default is the accurate one (ISNet guarded by U²-Net).
  await expect(page.getByTestId('model-fused')).toBeChecked();

  await page.getByTestId('generate-button').click();
  const result = page.getByTestId('result-image');
  await expect(page.getByTestId('task-progress').or(result)).toBeVisible({ timeout: 30_000 });
  await expect(result).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);

  const taskId = await page.getByTestId('task-result').getAttribute('data-task-id');
  expect(taskId).toBeTruthy();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-cutout').click()]);
  expect(download.suggestedFilename()).toBe(`cutout-${taskId}.png`);
  const saved = testInfo.outputPath(`cutout-${taskId}.png`);
  await download.saveAs(saved);
  const info = pngInfo(await readFile(saved));
  expect(info.hasAlpha).toBe(true);
  expect(info.width).toBeGreaterThan(0);

  await expect(page.getByTestId('download-mask')).toBeVisible();

  const item = page.locator(`[data-testid="history-item"][data-task-id="${taskId}"]`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
  await expect(item.getByTestId('history-status')).toHaveText('已完成');
  await expect(item.locator('img')).toBeVisible();
});

test('save a result to the creation space, find it there, delete it', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/ai-cutout');
  await registerThroughUi(page, randomPhone());
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 180_000 });

  // Standard quality needs no preparation for a 1024 px result: saved at once.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/saved-images') && r.request().method() === 'POST');
  await page.getByTestId('save-standard').first().click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('save-standard').first()).toContainText('已保存');

  await page.goto('/personal-center');
  const items = page.getByTestId('saved-images').getByTestId('saved-image-item');
  await expect(items).toHaveCount(1, { timeout: 15_000 });
  await expect(items.first().locator('img')).toBeVisible();

  await items.first().getByTestId('saved-image-delete').click();
  await page.getByTestId('saved-image-confirm').getByTestId('confirm-ok').click();
  await expect(items).toHaveCount(0, { timeout: 15_000 });
});
