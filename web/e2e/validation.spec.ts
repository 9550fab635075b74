import { expect, test } from '@playwright/test';
import { tinyPng } from './helpers/images';

// Client-side upload checks: these run before anything is sent, so no
// account is needed.
test.describe('upload validation', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/ai-cutout');
    await expect(page.getByTestId('upload-zone')).toBeVisible();
  });

  test('a too-small file shows the size message', async ({ page }) => {
    await page.getByTestId('file-input').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(page.getByTestId('upload-error')).toContainText('图片至少需要500KB');
  });

  test('a wrong type shows the format message', async ({ page }) => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(600 * 1024, 1)]);
    await page.getByTestId('file-input').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: gif });
    await expect(page.getByTestId('upload-error')).toHaveText('请选择正确的格式');
  });

  test('messages follow the language switch', async ({ page }) => {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('file-input').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(page.getByTestId('upload-error')).toContainText('The photo must be at least 500 KB');
  });
});
