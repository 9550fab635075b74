/**
 * The media-rewrite specs' helpers: a type's price and limits, a note image
 * with known Chinese text (drawn in the browser), test clips made with
 * espeak-ng and ffmpeg, and the caller's coin balance.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface MediaTypeInfo {
  lingshi: number;
  limits: Record<string, number>;
}

/** A media-rewrite type's price (perResult) and limits as `GET /api/task-types` serves them. */
export async function mediaTypeInfo(request: APIRequestContext, bizType: string, names: readonly string[]): Promise<MediaTypeInfo> {
  const res = await request.get('/api/task-types');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    data: { taskTypes: Record<string, { price: { rule: string; lingshi: number }; limits: Record<string, number> }> };
  };
  const type = body.data.taskTypes[bizType];
  expect(type, `${bizType} in /api/task-types`).toBeDefined();
  expect(type.price.rule).toBe('perResult');
  for (const n of names) expect(typeof type.limits[n], `${bizType} limit ${n}`).toBe('number');
  return { lingshi: type.price.lingshi, limits: type.limits };
}

/**
 * A 1024×1024 PNG of black lines of text on white, drawn on a canvas in the
 * page with Noto Sans CJK SC. A light grain keeps it above the upload
 * rules' 500 KB floor without hurting the recognition.
 */
export async function textPng(page: Page, lines: readonly string[]): Promise<Buffer> {
  const dataUrl = await page.evaluate(async (lines) => {
    const font = 'bold 96px "Noto Sans CJK SC", "Noto Sans CJK", sans-serif';
    await document.fonts.load(font, lines.join(''));
    const size = 1024;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.fillStyle = '#000';
    ctx.font = font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const step = size / (lines.length + 1);
    lines.forEach((line, i) => ctx.fillText(line, size / 2, step * (i + 1), size - 48));
    const img = ctx.getImageData(0, 0, size, size);
    let s = 42;
    for (let p = 0; p < img.data.length; p += 4) {
      for (let c = 0; c < 3; c++) {
        s = (s * 1103515245 + 12345) & 0x7fffffff;
        const v = img.data[p + c] + ((s >> 16) % 25) - 12;
        img.data[p + c] = Math.max(0, Math.min(255, v));
      }
    }
    ctx.putImageData(img, 0, 0);
    return canvas.toDataURL('image/png');
  }, lines);
  const png = Buffer.from(dataUrl.split(',')[1], 'base64');
  expect(png.length, 'the note image is within the upload rules (500 KB–10 MB)').toBeGreaterThan(500 * 1024);
  expect(png.length).toBeLessThan(10 * 1024 * 1024);
  return png;
}

/** A fresh folder for a spec's files. */
export const scratchDir = () => mkdtempSync(join(tmpdir(), 'pixmart-media-'));

/**
 * An mp4 (H.264, AAC) of a white frame over speech spoken by espeak-ng in
 * `voice` (`en`, `cmn`); the clip lasts as long as the speech.
 */
export function speechClip(dir: string, name: string, voice: string, text: string): string {
  const wav = join(dir, `${name}.wav`);
  const mp4 = join(dir, `${name}.mp4`);
  execFileSync('espeak-ng', ['-v', voice, '-w', wav, text], { stdio: 'ignore' });
  execFileSync(
    'ffmpeg',
    ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=white:s=320x240:d=20', '-i', wav, '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', mp4],
    { stdio: 'ignore' },
  );
  return mp4;
}

/** An mp4 of `seconds` with an audio track of silence (the upload takes it; there is no speech in it). */
export function silentClip(dir: string, name: string, seconds = 5): string {
  const mp4 = join(dir, `${name}.mp4`);
  execFileSync(
    'ffmpeg',
    [
      '-y', '-loglevel', 'error',
      '-f', 'lavfi', '-i', `color=c=white:s=320x240:d=${seconds}`,
      '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono',
      '-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', mp4,
    ],
    { stdio: 'ignore' },
  );
  return mp4;
}

/** An mp4 of `seconds` without any audio track (the upload refuses it: VIDEO_UPLOAD_NO_AUDIO). */
export function muteClip(dir: string, name: string, seconds = 3): string {
  const mp4 = join(dir, `${name}.mp4`);
  execFileSync(
    'ffmpeg',
    ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=white:s=320x240:d=${seconds}`, '-an', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', mp4],
    { stdio: 'ignore' },
  );
  return mp4;
}

/** The caller's coin balance as the API reports it (what the header shows). */
export async function balance(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { points?: number; benefitPackage?: { remainBeanCount?: number } } };
  const n = body.data.points ?? body.data.benefitPackage?.remainBeanCount;
  expect(typeof n, 'the balance in /api/user/info').toBe('number');
  return n as number;
}

/** Text as recognised, without the spaces and line breaks a recogniser puts between characters. */
export const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, '');

/**
 * Records, from the page's first script on, whether the source text was
 * shown while the task still ran (the stop button offered): the worker sets
 * it before it writes the copy.
 */
export async function recordSourceText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const rec = { whileRunning: false };
    (window as unknown as { __source: typeof rec }).__source = rec;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="source-text"]') && document.querySelector('[data-testid="stop-task"]')) rec.whileRunning = true;
    }).observe(document, { subtree: true, childList: true });
  });
}

export async function sourceTextWhileRunning(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __source: { whileRunning: boolean } }).__source.whileRunning);
}
