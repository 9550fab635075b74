import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { pngInfo, productPng } from './helpers/images';

test('artistic QR: content, image, shape and strength, verified codes with a scans badge, download', async ({ page }, testInfo) => {
  test.setTimeout(300_000);

  await page.goto('/ai-qr-code');
  await expect(page.getByTestId('generate-button')).toContainText('0');
  await registerThroughUi(page, randomPhone());

  // The original app's defaults: SQUARE, strength 33, topN 4; every shape has a preview.
  await expect(page.getByTestId('qr-shape-SQUARE')).toHaveAttribute('aria-checked', 'true');
  for (const s of ['SQUARE', 'CIRCLE', 'LONG_CIRCLE', 'LONG_SQUARE']) {
    await expect(page.getByTestId(`qr-shape-${s}`).locator('svg')).toBeVisible();
  }
  await expect(page.getByTestId('qr-strength-value')).toHaveText('33');
  await expect(page.getByTestId('qr-topN')).toHaveValue('4');

  // Too long for a level-H code: said at once, in the form.
  await page.getByTestId('qr-content').fill('x'.repeat(1300));
  await expect(page.getByTestId('qr-content-error')).toBeVisible();

  const content = 'https://pixmart.example/e2e-qr';
  await page.getByTestId('qr-content').fill(content);
  await expect(page.getByTestId('qr-content-error')).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });

  await page.getByTestId('qr-shape-CIRCLE').click();
  await expect(page.getByTestId('qr-shape-CIRCLE')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('qr-strength').fill('50');
  await expect(page.getByTestId('qr-strength-value')).toHaveText('50');
  await page.getByTestId('qr-topN').selectOption('2');

  await page.getByTestId('generate-button').click();
  const codes = page.getByTestId('qr-result');
  await expect(codes.first()).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  await expect(codes).toHaveCount(2);
  await expect(page.getByTestId('qr-scans-badge')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('qr-lab.png'), fullPage: true });

  const taskId = await page.getByTestId('task-result').getAttribute('data-task-id');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-download').first().click()]);
  expect(download.suggestedFilename()).toBe(`qr-code-${taskId}-1.png`);
  const saved = testInfo.outputPath('qr.png');
  await download.saveAs(saved);
  const info = pngInfo(await readFile(saved));
  expect(info.width).toBeGreaterThanOrEqual(900);
  expect(info.width).toBe(info.height);
});
