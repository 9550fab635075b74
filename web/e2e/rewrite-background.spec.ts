import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { productPng } from './helpers/images';

test('background replication: product + reference, remove subject, result with before/after and download; style mode shows the strength slider', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);

  await page.goto('/rewrite-background');
  await expect(page.getByTestId('generate-button')).toContainText('5');
  await registerThroughUi(page, randomPhone());

  // Both pictures are required.
  await page.getByTestId('generate-button').click();
  await expect(page.getByText('请上传商品图').first()).toBeVisible();

  await page.getByTestId('upload-product').getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-product').getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('upload-reference').getByTestId('file-input').setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: productPng(900) });
  await expect(page.getByTestId('upload-reference').getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });

  // Style imitation offers the denoising strength (default 0.55); accurate replication the subject removal.
  await page.getByTestId('option-mode').selectOption('STYLE_IMITATION');
  await expect(page.getByTestId('option-denoising')).toHaveValue('0.55');
  await page.getByTestId('option-mode').selectOption('ACCURATE_REPLICATION');
  await expect(page.getByTestId('option-removeSubject')).toBeChecked();

  await page.getByTestId('generate-button').click();
  const results = page.getByTestId('result-image');
  await expect(results.first()).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  await expect(page.getByTestId('compare-slider')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('rewrite-background.png'), fullPage: true });

  const taskId = await page.getByTestId('task-result').getAttribute('data-task-id');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').first().click()]);
  expect(download.suggestedFilename()).toBe(`rewrite-background-${taskId}-1.png`);
});
