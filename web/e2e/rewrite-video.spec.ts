import { writeFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { balance, mediaTypeInfo, muteClip, recordSourceText, scratchDir, silentClip, sourceTextWhileRunning, speechClip, squeeze } from './helpers/media';
import { openSettled, signInMerchant } from './helpers/pages';

/**
 * /rewrite-video (视频改写, HOT_VIDEO_REWRITE) against the real API and
 * worker: clips made here with espeak-ng and ffmpeg are uploaded
 * (`POST /api/uploads/video`), the worker transcribes their speech (Whisper)
 * and the small text model writes a short-video script. The transcript is
 * shown, labelled, as soon as the worker has it.
 */
const LIMITS = ['videoMaxBytes', 'videoMaxSeconds', 'genNumMax', 'genNumDefault'] as const;

async function uploadClip(page: Page, path: string) {
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploads/video' && r.request().method() === 'POST');
  await page.getByTestId('video-input').setInputFiles(path);
  const body = (await (await uploaded).json()) as { code: number; error?: string; data?: { urls: string[]; durationMs: number } };
  expect(body.code, `upload: ${body.error ?? ''}`).toBe(0);
  await expect(page.getByTestId('video-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('video-duration')).toContainText(/\d:\d\d/);
  return body.data as { urls: string[]; durationMs: number };
}

/** Generates one script and waits for the transcript and then the result or the coded failure. */
async function generateAndRead(page: Page, expectTranscript: (text: string) => void) {
  await page.getByTestId('rewrite-genNum').selectOption('1');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/tasks') && r.request().method() === 'POST');
  await page.getByTestId('generate-button').click();
  expect(((await (await created).json()) as { code: number }).code).toBe(0);
  const sent = JSON.parse((await created).request().postData() ?? '{}') as { bizType: string; params: Record<string, unknown> };
  expect(sent.bizType).toBe('HOT_VIDEO_REWRITE');
  expect(sent.params).toMatchObject({ style: 'humorous', genNum: 1, videoUrl: expect.stringMatching(/^\/api\/files\//) });
  expect(sent.params.socialPlatform).toBeUndefined();

  const source = page.getByTestId('source-text');
  await expect(source).toBeVisible({ timeout: 240_000 });
  await expect(source.getByTestId('source-text-label')).toHaveText('视频文案转写');
  expectTranscript((await source.getByTestId('source-text-body').textContent()) ?? '');

  const card = page.getByTestId('text-result');
  const failed = page.getByTestId('task-error');
  await expect(card.or(failed).first()).toBeVisible({ timeout: 360_000 });
  expect(await sourceTextWhileRunning(page), 'the transcript shows while the script is written').toBe(true);
  await expect(source).toBeVisible();
  if (await failed.count()) {
    // The small test model may fail the copy rules three times: the task then
    // ends with its own refunded error, never with broken copy.
    await expect(failed).toHaveAttribute('data-error-code', 'COPY_GENERATION_FAILED');
    await expect(failed).toContainText(/文案生成失败/);
    return;
  }
  // Always a short-video script: a shot table.
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-shape', /script|plain/);
  expect(((await card.textContent()) ?? '').trim().length).toBeGreaterThan(10);
}

test('rewrite video: an English clip is transcribed ("water bottle"), then a script (or the coded, refunded failure)', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const info = await mediaTypeInfo(request, 'HOT_VIDEO_REWRITE', LIMITS);
  await signInMerchant(page, request);
  await recordSourceText(page);
  await openSettled(page, '/rewrite-video');
  await expect(page.getByTestId('capability-modelMissing')).toHaveCount(0);

  // No platform: the answer is a script. The cost is price × count.
  await expect(page.getByTestId('rewrite-platform')).toHaveCount(0);
  await expect(page.getByTestId('rewrite-style-humorous')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('rewrite-genNum')).toHaveValue(String(info.limits.genNumDefault));
  await expect(page.getByTestId('generate-cost')).toContainText(String(info.lingshi * info.limits.genNumDefault));
  await expect(page.getByTestId('video-field')).toContainText(String(Math.round(info.limits.videoMaxBytes / (1024 * 1024))));
  await expect(page.getByTestId('video-field')).toContainText(String(info.limits.videoMaxSeconds));

  // No video: refused in the form.
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('video-error')).toHaveText('请先上传视频');

  const clip = speechClip(scratchDir(), 'bottle-en', 'en', 'This water bottle keeps drinks cold for twelve hours');
  const uploaded = await uploadClip(page, clip);
  expect(uploaded.durationMs).toBeGreaterThan(1000);
  await generateAndRead(page, (text) => expect(text, `the transcript: ${text}`).toMatch(/water\s*bottle/i));
  await page.screenshot({ path: testInfo.outputPath('rewrite-video-en.png'), fullPage: true });
});

test('rewrite video: a Mandarin clip is transcribed in simplified characters; stopping the script then returns the coins', async ({ page, request }) => {
  test.setTimeout(420_000);
  const token = await signInMerchant(page, request);
  await openSettled(page, '/rewrite-video');
  const before = await balance(request, token);
  // espeak-ng's `cmn` voice spells pinyin as letters; `cmn-latn-pinyin` speaks Mandarin.
  const clip = speechClip(scratchDir(), 'bottle-zh', 'cmn-latn-pinyin', '这款保温杯可以保温十二个小时。我们的客服每天都在线。谢谢大家的支持。');
  await uploadClip(page, clip);
  // The merchant says what is spoken (short synthetic Mandarin can be detected as another language).
  await page.getByTestId('video-speech-language').selectOption('zh');
  await page.getByTestId('rewrite-genNum').selectOption('1');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/tasks') && r.request().method() === 'POST');
  await page.getByTestId('generate-button').click();
  const sent = JSON.parse((await created).request().postData() ?? '{}') as { params: Record<string, unknown> };
  expect(sent.params.speechLanguage).toBe('zh');
  const source = page.getByTestId('source-text');
  await expect(source).toBeVisible({ timeout: 240_000 });
  // Whisper base on espeak-ng's synthetic Mandarin voice is modest: it hears
  // 保温杯 as 泡温配 (espeak's b as p), but the plain words come through, in
  // simplified characters.
  const text = (await source.getByTestId('source-text-body').textContent()) ?? '';
  expect(squeeze(text), `the transcript: ${text}`).toContain('谢谢大家');
  expect(text).not.toMatch(/[們這個時]/);
  // The merchant has what they came for: stopping the script refunds it.
  const stop = page.getByTestId('stop-task');
  const failed = page.getByTestId('task-error');
  const card = page.getByTestId('text-result');
  await expect(stop.or(card).or(failed).first()).toBeVisible({ timeout: 60_000 });
  if (await stop.isVisible()) {
    await stop.click();
    await expect(failed).toHaveAttribute('data-error-code', 'TASK_STOPPED', { timeout: 60_000 });
    await expect.poll(() => balance(request, token), { timeout: 30_000 }).toBe(before);
  }
  await expect(source).toBeVisible();
});

test('rewrite video: a clip with silent audio fails VIDEO_NO_SPEECH, says so, writes no script, and the coins come back', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const token = await signInMerchant(page, request);
  await openSettled(page, '/rewrite-video');
  const before = await balance(request, token);
  await expect(page.getByTestId('user-lingshi')).toContainText(String(before));

  await uploadClip(page, silentClip(scratchDir(), 'silent', 5));
  await page.getByTestId('rewrite-genNum').selectOption('1');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/tasks') && r.request().method() === 'POST');
  await page.getByTestId('generate-button').click();
  expect(((await (await created).json()) as { code: number }).code).toBe(0);

  const failed = page.getByTestId('task-error');
  await expect(failed).toBeVisible({ timeout: 240_000 });
  await expect(failed).toHaveAttribute('data-error-code', 'VIDEO_NO_SPEECH');
  await expect(failed).toContainText('视频中未识别到语音');
  await expect(failed.getByTestId('task-refunded')).toContainText('灵石已返还');
  await expect(page.getByTestId('text-result')).toHaveCount(0);
  await expect(page.getByTestId('shot-table')).toHaveCount(0);
  await expect(page.getByTestId('live-text')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('rewrite-video-no-speech.png'), fullPage: true });

  // The charge was returned: the API's balance and the header's.
  await expect.poll(() => balance(request, token), { timeout: 30_000 }).toBe(before);
  await expect(page.getByTestId('user-lingshi')).toContainText(String(before));
  await page.getByTestId('lang-switch').click();
  await expect(failed).toContainText('No speech was found in the video');
});

test('rewrite video: a too large or wrongly typed file is refused before upload; one without audio by the server', async ({ page, request }) => {
  const info = await mediaTypeInfo(request, 'HOT_VIDEO_REWRITE', LIMITS);
  await signInMerchant(page, request);
  await openSettled(page, '/rewrite-video');
  let uploads = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/uploads/video') uploads++;
  });
  const dir = scratchDir();

  // One byte over the server's size (a sparse file: nothing is read but its size).
  const big = join(dir, 'big.mp4');
  writeFileSync(big, '');
  truncateSync(big, info.limits.videoMaxBytes + 1);
  await page.getByTestId('video-input').setInputFiles(big);
  await expect(page.getByTestId('video-error')).toContainText(`${Math.round(info.limits.videoMaxBytes / (1024 * 1024))}MB`);

  await page.getByTestId('video-input').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: Buffer.alloc(1024) });
  await expect(page.getByTestId('video-error')).toHaveText('仅支持 MP4 或 MOV 格式的视频');
  expect(uploads).toBe(0);
  await expect(page.getByTestId('video-preview')).toHaveCount(0);

  // No audio track at all: the server refuses it, with its message under the field.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploads/video');
  await page.getByTestId('video-input').setInputFiles(muteClip(dir, 'mute', 3));
  const body = (await (await answer).json()) as { code: number; error?: string; msg?: string };
  expect(body.code).not.toBe(0);
  expect(body.error).toBe('VIDEO_UPLOAD_NO_AUDIO');
  await expect(page.getByTestId('video-error')).toHaveText(body.msg ?? '');
  await expect(page.getByTestId('video-error')).toHaveAttribute('data-code', 'VIDEO_UPLOAD_NO_AUDIO');
  await expect(page.getByTestId('video-preview')).toHaveCount(0);
});
