import { expect, test } from '@playwright/test';
import { mediaTypeInfo, recordSourceText, sourceTextWhileRunning, squeeze, textPng } from './helpers/media';
import { openSettled, signInMerchant } from './helpers/pages';

/**
 * /rewrite-image (图片改写, HOT_PIC_REWRITE) against the real API and
 * worker: the test draws a note image with known Chinese text, the worker
 * reads it (OCR) and the small text model rewrites it for RED. The text
 * found is shown, labelled, as soon as the worker has it; the answers
 * stream in like on /rewrite-text.
 */
const LINES = ['夏日清凉', '冰丝防晒衣', '限时特惠', '第二件半价'];
const LIMITS = ['imagesMax', 'genNumMax', 'genNumDefault'] as const;

test('rewrite image: a note image with Chinese text is read, the text shown, then a RED note (or the coded, refunded failure)', async ({ page, request, context }, testInfo) => {
  test.setTimeout(420_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const info = await mediaTypeInfo(request, 'HOT_PIC_REWRITE', LIMITS);
  await signInMerchant(page, request);
  await recordSourceText(page);
  await openSettled(page, '/rewrite-image');
  await expect(page.getByTestId('capability-modelMissing')).toHaveCount(0);

  // The defaults: RED, humorous (整活幽默), the server's count; the cost is price × count; no language choice.
  await expect(page.getByTestId('rewrite-platform-redbook')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('rewrite-style-humorous')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('rewrite-language')).toHaveCount(0);
  await expect(page.getByTestId('rewrite-genNum')).toHaveValue(String(info.limits.genNumDefault));
  await expect(page.getByTestId('generate-cost')).toContainText(String(info.lingshi * info.limits.genNumDefault));
  await expect(page.getByTestId('note-images-count')).toHaveText(`0/${info.limits.imagesMax}`);
  // One answer keeps the CPU run short.
  await page.getByTestId('rewrite-genNum').selectOption('1');
  await expect(page.getByTestId('generate-cost')).toContainText(String(info.lingshi));

  // No image: refused in the form.
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('note-images-error')).toHaveText('请先上传至少一张图片');

  const png = await textPng(page, LINES);
  await testInfo.attach('note.png', { body: png, contentType: 'image/png' });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploads' && r.request().method() === 'POST');
  await page.getByTestId('file-input').setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: png });
  expect(((await (await uploaded).json()) as { code: number }).code).toBe(0);
  await expect(page.getByTestId('note-image')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('note-images-error')).toHaveCount(0);
  await expect(page.getByTestId('note-images-count')).toHaveText(`1/${info.limits.imagesMax}`);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/tasks') && r.request().method() === 'POST');
  await page.getByTestId('generate-button').click();
  const submitted = (await (await created).json()) as { code: number; data: { taskId: string } };
  expect(submitted.code).toBe(0);
  const sent = JSON.parse((await created).request().postData() ?? '{}') as { bizType: string; params: Record<string, unknown> };
  expect(sent.bizType).toBe('HOT_PIC_REWRITE');
  expect(sent.params).toMatchObject({ socialPlatform: 'redbook', style: 'humorous', genNum: 1 });
  expect(sent.params.imageUrls).toEqual([expect.stringMatching(/^\/api\/files\//)]);

  // The text found in the image, labelled, before the task ends.
  const source = page.getByTestId('source-text');
  await expect(source).toBeVisible({ timeout: 240_000 });
  await expect(source.getByTestId('source-text-label')).toHaveText('识别到的文字');
  const found = squeeze(await source.getByTestId('source-text-body').textContent());
  expect(found, `the recognised text: ${found}`).toContain('冰丝防晒衣');
  expect(found).toContain('半价');

  const card = page.getByTestId('text-result');
  const failed = page.getByTestId('task-error');
  await expect(card.or(failed).first()).toBeVisible({ timeout: 360_000 });
  expect(await sourceTextWhileRunning(page), 'the recognised text shows while the copy is written').toBe(true);
  // The text found stays on the result (or the failure).
  await expect(source).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rewrite-image.png'), fullPage: true });
  if (await failed.count()) {
    // The small test model may fail the copy rules three times: the task then
    // ends with its own refunded error, never with broken copy.
    await expect(failed).toHaveAttribute('data-error-code', 'COPY_GENERATION_FAILED');
    await expect(failed).toContainText(/文案生成失败/);
    return;
  }
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-shape', /note|plain/);
  expect(((await card.textContent()) ?? '').trim().length).toBeGreaterThan(10);

  await source.getByTestId('source-text-copy').click();
  await expect(page.getByTestId('toast')).toHaveText(/复制成功～|复制失败～/);
  await card.getByTestId('rate-like').click();
  await expect(page.getByTestId('toast')).toHaveText('点赞成功');
});

test('rewrite image: images are taken up to imagesMax, a thumbnail each, and one can be removed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const info = await mediaTypeInfo(request, 'HOT_PIC_REWRITE', LIMITS);
  const max = info.limits.imagesMax;
  await signInMerchant(page, request);
  await openSettled(page, '/rewrite-image');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/tasks') posted++;
  });

  const png = await textPng(page, ['测试图片']);
  const files = Array.from({ length: max + 1 }, (_, i) => ({ name: `p${i + 1}.png`, mimeType: 'image/png', buffer: png }));
  await page.getByTestId('file-input').setInputFiles(files);
  await expect(page.getByTestId('note-image')).toHaveCount(max, { timeout: 120_000 });
  await expect(page.getByTestId('note-images-error')).toContainText(String(max));
  await expect(page.getByTestId('note-images-count')).toHaveText(`${max}/${max}`);
  await expect(page.getByTestId('note-image-add')).toHaveCount(0);

  await page.getByTestId('note-image-remove').first().click();
  await expect(page.getByTestId('note-image')).toHaveCount(max - 1);
  await expect(page.getByTestId('note-image-add')).toBeVisible();

  // A broken file is refused before any upload.
  await page.getByTestId('file-input').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
  await expect(page.getByTestId('note-images-error')).toContainText('图片已损坏');
  await expect(page.getByTestId('note-image')).toHaveCount(max - 1);
  expect(posted).toBe(0);
});
