import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { randomPhone, registerThroughUi } from './helpers/auth';
import { pngInfo, productPng } from './helpers/images';

/** `jpeg` with an EXIF APP1 segment (little-endian TIFF, one IFD entry: Orientation). */
function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,
    orientation, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const header = Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/**
 * A phone photo stored sideways (2000×1250) with EXIF orientation 6 is shown
 * upright (1250×2000); the cutout, its download and the editor agree with
 * what the merchant saw.
 */
test('a phone photo with EXIF orientation 6 comes back upright', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const png = testInfo.outputPath('stored.png');
  const jpg = testInfo.outputPath('stored.jpg');
  await writeFile(png, productPng(1200));
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', png, '-vf', 'scale=2000:1250,noise=alls=10:allf=t', '-q:v', '1', jpg]);
  const photo = withOrientation(await readFile(jpg), 6);
  expect(photo.length).toBeGreaterThan(500 * 1024);

  await page.goto('/ai-cutout');
  await registerThroughUi(page, randomPhone());
  await page.getByTestId('file-input').setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-image').first()).toBeVisible({ timeout: 240_000 });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-cutout').click()]);
  const saved = testInfo.outputPath('cutout.png');
  await download.saveAs(saved);
  const info = pngInfo(await readFile(saved));
  expect({ width: info.width, height: info.height }).toEqual({ width: 1250, height: 2000 });

  // The editor's canvas has the upright aspect too.
  const canvas = page.getByTestId('mask-canvas');
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const box = await canvas.boundingBox();
  expect(box && box.height > box.width).toBe(true);
});
