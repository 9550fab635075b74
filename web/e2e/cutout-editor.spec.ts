import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
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

/** Pixels whose alpha is at least half, of a PNG with alpha. */
function opaque(png: Buffer): { width: number; height: number; on: Uint8Array } {
  const img = PNG.sync.read(png);
  const on = new Uint8Array(img.width * img.height);
  for (let i = 0; i < on.length; i++) on[i] = (img.data[4 * i + 3] ?? 0) >= 128 ? 1 : 0;
  return { width: img.width, height: img.height, on };
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/**
 * Saving the mask must never change the cutout by itself: an unedited save
 * keeps the downloaded alpha (IoU ≥ 0.99 with the original), the result view
 * shows the saved file without a reload, and a brush stroke over the
 * backdrop adds exactly that area.
 */
test('saving an unedited mask keeps the cutout; a brush stroke adds to it', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.goto('/ai-cutout');
  await registerThroughUi(page, randomPhone());
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-image').first()).toBeVisible({ timeout: 180_000 });
  const canvas = page.getByTestId('mask-canvas');
  await expect(canvas).toBeVisible({ timeout: 30_000 });

  const downloadCutout = async (name: string) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-standard').first().click()]);
    const file = testInfo.outputPath(name);
    await d.saveAs(file);
    return opaque(await readFile(file));
  };
  const save = async () => {
    const saved = page.waitForResponse((r) => r.url().includes('/mask') && r.request().method() === 'PUT');
    await page.getByTestId('editor-save').click();
    expect((await saved).status()).toBe(200);
  };

  const original = await downloadCutout('original.png');
  const shownBefore = await page.getByTestId('result-image').first().getAttribute('src');
  await save();
  // The result view loads the saved file again (a new object URL).
  await expect.poll(() => page.getByTestId('result-image').first().getAttribute('src')).not.toBe(shownBefore);
  const unedited = await downloadCutout('unedited-save.png');
  expect(unedited.width).toBe(original.width);
  expect(iou(original.on, unedited.on)).toBeGreaterThanOrEqual(0.99);

  // A brush stroke along the top edge (backdrop in the product photo).
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas box');
  await page.getByTestId('tool-brush').click();
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.06);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.06, { steps: 10 });
  await page.mouse.up();
  await save();
  const stroked = await downloadCutout('stroked.png');
  const band = (m: { width: number; on: Uint8Array }) => {
    const y = Math.round(m.width * 0.06);
    let on = 0;
    for (let x = Math.round(m.width * 0.2); x < Math.round(m.width * 0.8); x++) on += m.on[y * m.width + x] ?? 0;
    return on / (m.width * 0.6);
  };
  expect(band(unedited)).toBeLessThan(0.05);
  expect(band(stroked)).toBeGreaterThan(0.95);
  // Below the stroke nothing changed.
  const lower = (m: { width: number; on: Uint8Array }) => m.on.slice(m.width * Math.round(m.width * 0.2));
  expect(iou(lower(unedited), lower(stroked))).toBeGreaterThanOrEqual(0.99);
});
