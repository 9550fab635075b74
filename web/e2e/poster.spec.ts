import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { PNG } from 'pngjs';
import { productPng } from './helpers/images';
import { shot, stagePoint } from './helpers/poster';
import { registerThroughApi, signInWithToken } from './helpers/api';
import { settle, signInMerchant } from './helpers/pages';

/**
 * Posters (PLACARD_GEN): choose a template, upload a product, edit the
 * title in place, render, download; the downloaded poster has the
 * template's size and its title's pixels differ from a render with the
 * default title, while the rest of the poster does not. On desktop
 * (/modi-poster) and on a phone (/template → /template-edit → /poster).
 */
const TEMPLATE = 'new-arrival-minimal';
/** The title slot of new-arrival-minimal (canvas px) and a corner far from every slot. */
const TITLE = { x: 90, y: 150, w: 900, h: 130 };
const CORNER = { x: 0, y: 1360, w: 80, h: 80 };

async function uploadProduct(page: Page) {
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
}

/** Renders and waits for the poster; returns its task id. */
async function render(page: Page, previous: string | null): Promise<string> {
  await page.getByTestId('poster-render').click();
  const result = page.getByTestId('task-result');
  if (previous) await expect(result).not.toHaveAttribute('data-task-id', previous, { timeout: 180_000 });
  await expect(page.getByTestId('poster-result')).toBeVisible();
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  return (await result.getAttribute('data-task-id')) as string;
}

async function download(page: Page, testInfo: TestInfo, name: string, taskId: string): Promise<PNG> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').click()]);
  expect(file.suggestedFilename()).toBe(`poster-${taskId.slice(0, 8)}.png`);
  const path = testInfo.outputPath(name);
  await file.saveAs(path);
  return PNG.sync.read(await readFile(path));
}

/** Mean absolute channel difference of two same-sized images within a rectangle. */
function meanDiff(a: PNG, b: PNG, r: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs((a.data[i + c] as number) - (b.data[i + c] as number));
      n += 3;
    }
  }
  return sum / n;
}

function checkPosters(plain: PNG, edited: PNG) {
  expect([plain.width, plain.height]).toEqual([1080, 1440]);
  expect([edited.width, edited.height]).toEqual([1080, 1440]);
  expect(meanDiff(plain, edited, TITLE)).toBeGreaterThan(3);
  expect(meanDiff(plain, edited, CORNER)).toBeLessThan(0.5);
}

test('poster editor on desktop: template, product, title edited in place, undo/redo, render, download', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  await signInMerchant(page, request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/modi-poster');
  await settle(page);

  // Categories and search come from GET /api/poster-templates; thumbnails are drawn in the browser.
  await expect(page.getByTestId('template-category-festival')).toBeVisible();
  await page.getByTestId('template-search').fill('双十一');
  await expect(page.getByTestId('template-festival-double-eleven')).toBeVisible();
  await expect(page.getByTestId(`template-${TEMPLATE}`)).toHaveCount(0);
  await page.getByTestId('template-search').fill('');
  await page.getByTestId(`template-${TEMPLATE}`).click();
  await expect(page.getByTestId('poster-editor')).toHaveAttribute('data-template', TEMPLATE);
  await expect(page.getByTestId('poster-cost')).toContainText('5');

  await uploadProduct(page);
  await shot(page, testInfo, 'zh-modi-poster-editor');

  // The library template as it is.
  const plainId = await render(page, null);
  const plain = await download(page, testInfo, 'plain.png', plainId);

  // Double-click the title on the canvas and type a new one.
  const title = await stagePoint(page, TITLE.x + TITLE.w / 2, TITLE.y + TITLE.h / 2);
  await page.mouse.dblclick(title.x, title.y);
  const inline = page.getByTestId('inline-text');
  await expect(inline).toBeVisible();
  await inline.fill('限时特惠 SALE');
  await inline.press('Enter');
  await expect(inline).toHaveCount(0);
  await expect(page.getByTestId('text-slot-title')).toHaveValue('限时特惠 SALE');

  // Undo and redo (buttons and keys).
  await page.getByTestId('poster-undo').click();
  await expect(page.getByTestId('text-slot-title')).toHaveValue('焕新登场');
  await page.keyboard.press('Control+Shift+Z');
  await expect(page.getByTestId('text-slot-title')).toHaveValue('限时特惠 SALE');
  await page.keyboard.press('Control+Z');
  await expect(page.getByTestId('text-slot-title')).toHaveValue('焕新登场');
  await page.getByTestId('poster-redo').click();
  await expect(page.getByTestId('text-slot-title')).toHaveValue('限时特惠 SALE');

  // Select the subtitle: its handles show.
  const sub = await stagePoint(page, 540, 1155);
  await page.mouse.click(sub.x, sub.y);
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'subtitle');
  await expect(page.getByTestId('layer-panel')).toBeVisible();
  await page.mouse.click(title.x, title.y);
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'title');

  const editedId = await render(page, plainId);
  await shot(page, testInfo, 'zh-modi-poster-result');
  const edited = await download(page, testInfo, 'edited.png', editedId);
  checkPosters(plain, edited);

  // Move the subtitle down: the edited document is sent (with the words) and the server accepts it.
  const from = await stagePoint(page, 540, 1155);
  const to = await stagePoint(page, 540, 1215);
  await page.waitForTimeout(500);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'subtitle');
  const submitted = page.waitForRequest((r) => r.url().endsWith('/api/tasks') && r.method() === 'POST');
  const movedId = await render(page, editedId);
  const params = (await submitted).postDataJSON().params as { template?: { layers: { id: string; box: { y: number } }[] }; texts?: object };
  expect(params.template?.layers.find((l) => l.id === 'subtitle')?.box.y).toBeGreaterThan(1120);
  expect(params.texts).toEqual({ title: '限时特惠 SALE' });
  const moved = await download(page, testInfo, 'moved.png', movedId);
  expect(meanDiff(edited, moved, { x: 140, y: 1120, w: 800, h: 140 })).toBeGreaterThan(1);
  expect(meanDiff(edited, moved, TITLE)).toBeLessThan(0.5);

  // The same editor in English, the edits kept.
  await page.getByTestId('lang-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('text-slot-title')).toHaveValue('限时特惠 SALE');
  await shot(page, testInfo, 'en-modi-poster-result');
});

test('poster editor on a phone: /template, /template-edit, double-tap the title, render, /poster @mobile', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  await signInMerchant(page, request);
  await page.goto('/template');
  await settle(page);
  await shot(page, testInfo, 'zh-template');
  await page.getByTestId(`template-${TEMPLATE}`).click();
  await expect(page).toHaveURL(new RegExp(`/template-edit\\?id=${TEMPLATE}`));
  await expect(page.getByTestId('poster-editor')).toBeVisible();
  await uploadProduct(page);

  const plainId = await render(page, null);
  const plain = await download(page, testInfo, 'plain.png', plainId);

  const title = await stagePoint(page, TITLE.x + TITLE.w / 2, TITLE.y + TITLE.h / 2);
  await page.touchscreen.tap(title.x, title.y);
  await page.touchscreen.tap(title.x, title.y);
  const inline = page.getByTestId('inline-text');
  await expect(inline).toBeVisible();
  await inline.fill('限时特惠 SALE');
  await inline.press('Enter');
  await expect(page.getByTestId('text-slot-title')).toHaveValue('限时特惠 SALE');
  await shot(page, testInfo, 'zh-template-edit');

  const editedId = await render(page, plainId);
  const edited = await download(page, testInfo, 'edited.png', editedId);
  checkPosters(plain, edited);

  await page.getByTestId('poster-open').click();
  await expect(page).toHaveURL(/\/poster\?task=/);
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 30_000 });
  await shot(page, testInfo, 'zh-poster');

  await page.getByTestId('lang-switch').click().catch(() => undefined);
  await page.goBack();
  await expect(page.getByTestId('text-slot-title')).toHaveValue('限时特惠 SALE');
  await shot(page, testInfo, 'en-template-edit');
});

/** Buys a plan through the development payment provider (as web/e2e/batch-copy-bg.spec.ts does). */
async function buyPlan(request: APIRequestContext, token: string, productId: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/orders', { headers, data: { productId } });
  expect(created.ok()).toBe(true);
  const order = ((await created.json()) as { data: { orderNo: string; payment: { payUrl: string } } }).data;
  const payPath = new URL(order.payment.payUrl).pathname;
  expect((await request.get(payPath)).ok()).toBe(true);
  expect((await request.post(`${payPath}/pay`)).ok()).toBe(true);
  await expect(async () => {
    const res = await request.get(`/api/orders/${order.orderNo}`, { headers });
    expect(((await res.json()) as { data: { status: number } }).data.status).toBe(1);
  }).toPass({ timeout: 15_000 });
}

test('publicity images: one product in two templates as a batch, each poster shown and downloaded', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const { token } = await registerThroughApi(request);
  await buyPlan(request, token, 'flagship-month');
  await signInWithToken(page, token);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/customized-publicity');
  await settle(page);
  await expect(page.getByTestId('batch-tier')).toHaveAttribute('data-allowed', 'true');
  await uploadProduct(page);
  await page.getByTestId(`template-${TEMPLATE}`).click();
  await page.getByTestId('template-festival-double-eleven').click();
  await expect(page.getByTestId('publicity-count')).toContainText('2');
  await page.getByTestId('publicity-title').fill('店庆特惠');
  await expect(page.getByTestId('generate-button')).toContainText('10');
  await page.getByTestId('generate-button').click();
  const results = page.getByTestId('batch-results').getByTestId('result-image');
  await expect(results).toHaveCount(2, { timeout: 240_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  await shot(page, testInfo, 'zh-customized-publicity');
  const first = page.getByTestId('batch-results').getByTestId('task-result').first();
  const taskId = (await first.getAttribute('data-task-id')) as string;
  const [file] = await Promise.all([page.waitForEvent('download'), first.getByTestId('download-result').click()]);
  expect(file.suggestedFilename()).toBe(`poster-${taskId.slice(0, 8)}.png`);
  const path = testInfo.outputPath('publicity.png');
  await file.saveAs(path);
  const png = PNG.sync.read(await readFile(path));
  expect([png.width, png.height]).toEqual([1080, 1440]);
});
