import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { pngInfo, productPng } from './helpers/images';

/**
 * The cutout editor on a real cutout: brush and eraser with undo, click to
 * remove (server-side refinement on a worker), save, mask download; the 2K
 * button on the free plan answers the benefits-centre prompt, standard
 * downloads at once.
 */
test('edit a cutout mask: brush, eraser, undo, click refine, save, downloads', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.goto('/ai-cutout');
  await registerThroughUi(page, randomPhone());
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 180_000 });

  const canvas = page.getByTestId('mask-canvas');
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('editor-undo')).toBeDisabled();
  // The editor sits below the result: bring the canvas into the viewport,
  // since mouse coordinates outside it reach no element.
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas box');

  // Eraser stroke across the middle, then undo it, then redo.
  await page.getByTestId('tool-eraser').click();
  await page.mouse.move(box.x + box.width * 0.3, box.y + Math.min(box.height * 0.6, 500));
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + Math.min(box.height * 0.6, 500), { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('editor-undo')).toBeEnabled();
  await page.getByTestId('editor-undo').click();
  await expect(page.getByTestId('editor-undo')).toBeDisabled();
  await page.getByTestId('editor-redo').click();

  // Click to remove in a background corner: the worker refines the mask.
  await page.getByTestId('tool-remove').click();
  const refined = page.waitForResponse((r) => r.url().includes('/refine') && r.request().method() === 'POST');
  await canvas.click({ position: { x: box.width * 0.05, y: box.height * 0.05 } });
  const res = await refined;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/png');

  // Save, then download the mask at the result's size.
  const saved = page.waitForResponse((r) => r.url().includes('/mask') && r.request().method() === 'PUT');
  await page.getByTestId('editor-save').click();
  expect((await saved).status()).toBe(200);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('editor-download-mask').click()]);
  const file = testInfo.outputPath('mask.png');
  await download.saveAs(file);
  const info = pngInfo(await readFile(file));
  expect(info.width).toBe(1024);

  // 2K on the free plan: the benefits-centre prompt; standard downloads.
  await page.getByTestId('download-2k').click();
  await expect(page.getByText('权益中心').first()).toBeVisible({ timeout: 10_000 });
  const [std] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-standard').click()]);
  expect(std.suggestedFilename()).toContain('standard');
});
