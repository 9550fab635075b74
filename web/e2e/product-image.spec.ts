import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { pngInfo, productPng } from './helpers/images';

test('product on a new background: palette, templates, custom colour gate, two variants, before/after, download', async ({ page }, testInfo) => {
  test.setTimeout(300_000);

  await page.goto('/ai-product-image');
  await expect(page.getByTestId('generate-button')).toContainText('5');
  await registerThroughUi(page, randomPhone());

  // The original app's 7-colour palette, white by default.
  await expect(page.getByTestId('palette').locator('button')).toHaveCount(7);
  await expect(page.getByTestId('swatch-white')).toHaveAttribute('aria-pressed', 'true');

  // Templates come with previews rendered by the worker.
  await page.getByTestId('bg-tab-template').click();
  const wood = page.getByTestId('template-wood-table');
  await expect(wood).toBeVisible();
  await expect(wood.locator('img')).toHaveJSProperty('complete', true);
  expect(await wood.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await page.screenshot({ path: testInfo.outputPath('templates.png'), fullPage: true });

  // A free user cannot pick a custom colour.
  await page.getByTestId('bg-tab-custom').click();
  await expect(page.getByText('自定义颜色为会员专享，开通会员即可使用～').first()).toBeVisible();
  await expect(page.getByTestId('custom-colour')).toHaveCount(0);

  await page.getByTestId('bg-tab-palette').click();
  await page.getByTestId('swatch-lightGrey').click();
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('option-genNum').selectOption('2');
  await expect(page.getByTestId('generate-button')).toContainText('10');

  await page.getByTestId('generate-button').click();
  const results = page.getByTestId('result-image');
  await expect(results.first()).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  await expect(results).toHaveCount(2);
  await expect(page.getByTestId('compare-slider')).toHaveCount(2);
  await page.getByTestId('compare-slider').first().fill('50');
  await expect(page.getByTestId('before-image').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('product-image.png'), fullPage: true });

  const taskId = await page.getByTestId('task-result').getAttribute('data-task-id');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').first().click()]);
  expect(download.suggestedFilename()).toBe(`product-${taskId}-1.png`);
  const saved = testInfo.outputPath('product.png');
  await download.saveAs(saved);
  const info = pngInfo(await readFile(saved));
  expect([info.width, info.height]).toEqual([1024, 1024]);

  // The history lists it.
  const item = page.locator(`[data-testid="history-item"][data-task-id="${taskId}"]`);
  await expect(item).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });

  // /product-bg: the same page with a template scene by default;
  // /batch-copy-bg: many products, one setting.
  await page.goto('/product-bg');
  await expect(page.getByTestId('templates')).toBeVisible();
  await expect(page.getByTestId('template-studio-light')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/batch-copy-bg');
  await expect(page.getByTestId('batch-products')).toBeVisible();
  await expect(page.getByTestId('background-picker')).toBeVisible();
});
