import { expect, test, type APIRequestContext } from '@playwright/test';
import { openSettled, signInMerchant } from './helpers/pages';

/**
 * The poster editor's 智能填写 (POSTER_COPY_GEN) against the real API and
 * worker: the text model (the small 0.5B one the worker loads for the
 * tests, as for the rewrite pages) writes the words for every text slot of
 * the template from a product's facts; they land in the editor as one
 * undoable step. The small model may fail the copy rules: the task then
 * ends with its own refunded error and the words stay as they were.
 */
const TEMPLATE = 'new-arrival-minimal';
const DEFAULT_TITLE = '焕新登场';
const PRODUCT = '316不锈钢保温杯，500ml大容量，保温24小时，四色可选，到手价89元';

interface CopyTypeInfo {
  lingshi: number;
  contentMinChars: number;
  contentMaxChars: number;
}

/** POSTER_COPY_GEN's price and bounds as `GET /api/task-types` serves them. */
async function copyTypeInfo(request: APIRequestContext): Promise<CopyTypeInfo> {
  const res = await request.get('/api/task-types');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    data: { taskTypes: Record<string, { family: string; price: { rule: string; lingshi: number }; limits: Record<string, number> }> };
  };
  const type = body.data.taskTypes.POSTER_COPY_GEN;
  expect(type, 'POSTER_COPY_GEN in /api/task-types').toBeDefined();
  expect(type.family).toBe('text');
  expect(type.price.rule).toBe('perTask');
  return { lingshi: type.price.lingshi, contentMinChars: type.limits.contentMinChars, contentMaxChars: type.limits.contentMaxChars };
}

test('poster editor: fill in the words from a product; the title changes, Undo brings it back', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const info = await copyTypeInfo(request);
  expect([...PRODUCT].length).toBeGreaterThanOrEqual(info.contentMinChars);
  expect([...PRODUCT].length).toBeLessThanOrEqual(info.contentMaxChars);
  const token = await signInMerchant(page, request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSettled(page, `/modi-poster?id=${TEMPLATE}`);
  await expect(page.getByTestId('poster-editor')).toHaveAttribute('data-template', TEMPLATE);
  await expect(page.getByTestId('text-slot-title')).toHaveValue(DEFAULT_TITLE);

  // The panel: from a product by default, the server's price on the button, a worker to write.
  const panel = page.getByTestId('poster-fill');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('poster-fill-unavailable')).toHaveCount(0);
  await expect(panel.getByTestId('poster-fill-source-product')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('poster-fill-cost')).toHaveText(`${info.lingshi} 灵石`);
  await expect(panel.getByTestId('poster-fill-submit')).toContainText('生成文案');

  await panel.getByTestId('poster-fill-content').fill(PRODUCT);
  await expect(panel.getByTestId('poster-fill-counter')).toHaveText(`${[...PRODUCT].length}/${info.contentMaxChars}`);
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tasks' && r.method() === 'POST');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tasks' && r.request().method() === 'POST');
  await panel.getByTestId('poster-fill-submit').click();
  // The library template as it is: its id only, no document.
  expect((await posted).postDataJSON()).toEqual({
    bizType: 'POSTER_COPY_GEN',
    params: { source: 'product', content: PRODUCT, language: 'zh', templateId: TEMPLATE },
  });
  const submitted = (await (await created).json()) as { code: number; data: { taskId: string } };
  expect(submitted.code).toBe(0);
  const taskId = submitted.data.taskId;

  const done = panel.getByTestId('poster-fill-done');
  const failed = panel.getByTestId('poster-fill-error');
  await expect(done.or(failed).first()).toBeVisible({ timeout: 360_000 });
  await page.screenshot({ path: testInfo.outputPath('zh-poster-fill.png'), fullPage: true });

  const stored = await request.get(`/api/tasks/${taskId}`, { headers: { Authorization: `Bearer ${token}` } });
  const task = (await stored.json()) as { data: { status: string; errorCode?: string | null; results: { slotTexts?: Record<string, string> | null }[] } };

  if (await failed.count()) {
    // Refunded, said so, and no word of the poster changed.
    expect(task.data.status).not.toBe('SUCCESS');
    await expect(failed).toContainText('灵石已返还');
    await expect(page.getByTestId('text-slot-title')).toHaveValue(DEFAULT_TITLE);
    await expect(page.getByTestId('poster-undo')).toBeDisabled();
    return;
  }

  // The title is the server's; the confirmation says how many slots were filled.
  expect(task.data.status).toBe('SUCCESS');
  const words = task.data.results[0]?.slotTexts ?? {};
  expect(words.title?.trim()).toBeTruthy();
  const title = page.getByTestId('text-slot-title');
  await expect(title).toHaveValue(words.title as string);
  await expect(title).not.toHaveValue(DEFAULT_TITLE);
  await expect(done).toContainText('已填入');
  for (const [slot, text] of Object.entries(words)) {
    const field = page.getByTestId(`text-slot-${slot}`);
    if (await field.count()) await expect(field).toHaveValue(text);
  }

  // One step: Undo brings back the template's words, Redo the written ones.
  await page.getByTestId('poster-undo').click();
  await expect(title).toHaveValue(DEFAULT_TITLE);
  await page.getByTestId('poster-redo').click();
  await expect(title).toHaveValue(words.title as string);

  // The product text stays for the session: a reload keeps it, ready to fill again.
  await page.reload();
  await expect(page.getByTestId('poster-fill-content')).toHaveValue(PRODUCT, { timeout: 15_000 });
});
