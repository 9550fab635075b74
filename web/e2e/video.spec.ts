import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { productPng } from './helpers/images';

test('image to video: pick a camera move, generate a 480p clip, play and download it', async ({ page }, testInfo) => {
  test.setTimeout(300_000);

  await page.goto('/ai-video');
  await registerThroughUi(page, randomPhone());
  await expect(page.getByTestId('camera-picker')).toBeVisible();

  // The original app's defaults: 720p (80), camera move L; 480p costs 40.
  await expect(page.getByTestId('generate-cost')).toContainText('80');
  await expect(page.getByTestId('camera-L').locator('input')).toBeChecked();
  await page.getByTestId('video-resolution').getByText('480p').click();
  await expect(page.getByTestId('generate-cost')).toContainText('40');

  // Each tile previews its move with a CSS animation.
  await page.getByTestId('camera-R').click();
  await expect(page.getByTestId('camera-R').locator('input')).toBeChecked();
  const animation = await page
    .getByTestId('camera-preview-R')
    .evaluate((el) => getComputedStyle(el).animationName);
  expect(animation).toBe('cam-pan-r');
  await page.getByTestId('video-duration').selectOption('1.5');

  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('camera-preview-R')).toHaveAttribute('style', /background-image/);
  await page.screenshot({ path: testInfo.outputPath('video-form.png'), fullPage: true });

  await page.getByTestId('generate-button').click();
  const player = page.getByTestId('result-video');
  await expect(player).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);

  // The browser decodes it: 1.5 s at 8 fps, 480 px high.
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const meta = await player.evaluate((v: HTMLVideoElement) => ({ d: v.duration, w: v.videoWidth, h: v.videoHeight }));
  expect(meta.h).toBe(480);
  expect(meta.w).toBe(480);
  expect(Math.abs(meta.d - 1.5)).toBeLessThan(0.1);
  await expect(page.getByTestId('video-length')).toContainText('1.5');
  await page.screenshot({ path: testInfo.outputPath('video-result.png'), fullPage: true });

  const taskId = await page.getByTestId('task-result').getAttribute('data-task-id');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-video').click()]);
  expect(download.suggestedFilename()).toBe(`pixmart-video-${taskId?.slice(0, 8)}.mp4`);
  const saved = testInfo.outputPath('clip.mp4');
  await download.saveAs(saved);
  const mp4 = await readFile(saved);
  expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');

  const item = page.locator(`[data-testid="history-item"][data-task-id="${taskId}"]`);
  await expect(item).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });

  // The creation space names the clip, shows a still of it and downloads the clip itself.
  await page.goto('/personal-center');
  const cell = page.locator(`[data-testid="history-item"][data-task-id="${taskId}"]`);
  await expect(cell).toContainText('图生视频');
  await expect(cell).not.toContainText('IMG_2_VEDIO');
  await expect(cell.getByTestId('history-video-badge')).toBeVisible();
  const still = cell.locator('[data-testid="history-thumb"], [data-testid="history-video"]');
  await expect(still).toBeVisible();
  await expect
    .poll(() =>
      still.evaluate((el) => (el instanceof HTMLVideoElement ? el.readyState >= 1 : (el as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  const button = page.getByTestId('creation-history').locator('.history-cell', { has: cell }).getByTestId('history-download');
  await expect(button).toHaveText('下载视频');
  const [again] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(again.suggestedFilename()).toBe(`pixmart-video-${taskId?.slice(0, 8)}.mp4`);
  await page.screenshot({ path: testInfo.outputPath('creation-space-video.png'), fullPage: true });
});
