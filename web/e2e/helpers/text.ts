/**
 * The text-rewrite specs' helpers: the server's bounds for a type, a source
 * text that fits them, and a recorder of the streamed answer.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TextTypeInfo {
  lingshi: number;
  contentMinChars: number;
  contentMaxChars: number;
  genNumMax: number;
  genNumDefault: number;
}

/** A text type's price and bounds as `GET /api/task-types` serves them. */
export async function textTypeInfo(request: APIRequestContext, bizType: string): Promise<TextTypeInfo> {
  const res = await request.get('/api/task-types');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    data: { taskTypes: Record<string, { price: { rule: string; lingshi: number }; limits: Record<string, number> }> };
  };
  const type = body.data.taskTypes[bizType];
  expect(type, `${bizType} in /api/task-types`).toBeDefined();
  expect(type.price.rule).toBe('perResult');
  const { contentMinChars, contentMaxChars, genNumMax, genNumDefault } = type.limits;
  for (const v of [contentMinChars, contentMaxChars, genNumMax, genNumDefault]) expect(typeof v).toBe('number');
  return { lingshi: type.price.lingshi, contentMinChars, contentMaxChars, genNumMax, genNumDefault };
}

/** Repeats sentences of `source` until the text has at least `min` characters (and no more than `max`). */
export function textBetween(source: string[], min: number, max: number): string {
  let text = '';
  for (let i = 0; [...text].length < min; i++) text += source[i % source.length];
  const chars = [...text];
  expect(chars.length).toBeLessThanOrEqual(max);
  return text;
}

export interface LiveRecord {
  /** The live text's lengths, each time it changed. */
  lengths: number[];
  /** The task statuses the live answers were shown under. */
  statuses: string[];
  /** Whether the stop button was offered while the task ran. */
  stop: boolean;
  /** Whether a live text was seen before any finished answer. */
  liveBeforeResult: boolean;
}

/**
 * Records, from the page's first script on, how the streamed answer grows:
 * the answer may stream faster than a test can poll, so a MutationObserver
 * writes down every change of `live-text` (only shown while the task runs).
 */
export async function recordLiveText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const rec = { lengths: [] as number[], statuses: [] as string[], stop: false, liveBeforeResult: false };
    (window as unknown as { __live: typeof rec }).__live = rec;
    const look = () => {
      const live = document.querySelector('[data-testid="live-text"]');
      if (live) {
        const n = (live.textContent ?? '').length;
        if (rec.lengths[rec.lengths.length - 1] !== n) rec.lengths.push(n);
        if (n > 0 && !document.querySelector('[data-testid="text-result"]')) rec.liveBeforeResult = true;
        const status = document.querySelector('[data-testid="live-answers"]')?.getAttribute('data-status');
        if (status && !rec.statuses.includes(status)) rec.statuses.push(status);
      }
      if (document.querySelector('[data-testid="stop-task"]')) rec.stop = true;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export async function liveRecord(page: Page): Promise<LiveRecord> {
  return page.evaluate(() => (window as unknown as { __live: LiveRecord }).__live);
}
