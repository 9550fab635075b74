import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { registerThroughApi, signInWithToken } from './helpers/api';
import { pngInfo, productPng } from './helpers/images';

/** Buys a plan through the development payment provider (the pay page's Pay button, as a request). */
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

/** Drops files on an element the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(page: Page, testId: string, files: { name: string; buffer: Buffer }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bin = atob(f.b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], f.name, { type: 'image/png' }));
    }
    return dt;
  }, files.map((f) => ({ name: f.name, b64: f.buffer.toString('base64') })));
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer });
}

test('batch background copy: plan notice first, several files by chooser and drop, one ZIP of every result', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const { token } = await registerThroughApi(request);
  await signInWithToken(page, token);

  // A free member is told which plan a batch needs before uploading anything.
  await page.goto('/batch-copy-bg');
  const notice = page.getByTestId('batch-tier');
  await expect(notice).toHaveAttribute('data-allowed', 'false');
  await expect(notice).toContainText('旗舰版或企业版');
  await expect(page.getByTestId('batch-tier-upgrade')).toHaveAttribute('href', '/member');
  await expect(page.getByTestId('batch-count')).toContainText('0/100');

  await buyPlan(request, token, 'flagship-month');
  await page.reload();
  await expect(notice).toHaveAttribute('data-allowed', 'true');
  await expect(notice).toContainText('旗舰版');
  // The batch size is the server's (GET /api/task-types): files are taken once it has arrived.
  await expect(page.getByTestId('batch-count')).toContainText('0/100');

  // Two files from one choice, a third dropped.
  await page.getByTestId('batch-file-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: productPng(1024, 1) },
    { name: 'b.png', mimeType: 'image/png', buffer: productPng(1024, 2) },
  ]);
  await dropFiles(page, 'batch-drop', [{ name: 'c.png', buffer: productPng(1024, 3) }]);
  const items = page.getByTestId('batch-product');
  await expect(items).toHaveCount(3);
  await expect(page.locator('[data-testid="batch-product"][data-status="done"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByTestId('batch-count')).toContainText('3/100');

  await page.getByTestId('option-genNum').selectOption('1');
  await expect(page.getByTestId('generate-cost')).toContainText('15');
  await page.screenshot({ path: testInfo.outputPath('batch-ready.png'), fullPage: true });
  await page.getByTestId('generate-button').click();

  await expect(page.getByTestId('batch-progress')).toContainText('3/3', { timeout: 300_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
  const all = page.getByTestId('batch-download-all');
  await expect(all).toContainText('3');
  const [download] = await Promise.all([page.waitForEvent('download'), all.click()]);
  expect(download.suggestedFilename()).toMatch(/^batch-copy-bg-[0-9a-f]{8}\.zip$/);
  const saved = testInfo.outputPath('batch.zip');
  await download.saveAs(saved);
  const files = unzipSync(new Uint8Array(await readFile(saved)));
  const names = Object.keys(files);
  expect(names).toHaveLength(3);
  for (const name of names) {
    expect(name).toMatch(/^product-[0-9a-f-]+-1\.png$/);
    const info = pngInfo(Buffer.from(files[name]));
    expect([info.width, info.height]).toEqual([1024, 1024]);
  }
  await page.screenshot({ path: testInfo.outputPath('batch-done.png'), fullPage: true });

  // The benefits centre names what was charged and shows the plan by name.
  await page.goto('/member');
  await expect(page.getByTestId('benefits-plan')).toHaveText('旗舰版');
  await expect(page.getByTestId('plan-col-flagship')).toHaveClass(/current/);
  await expect(page.getByTestId('ledger-feature').first()).toHaveText('商品图');

  // Screenshots of the pages this work touched, zh and en, desktop and phone sizes.
  for (const lang of ['zh', 'en']) {
    await page.evaluate((l) => localStorage.setItem('I18_NEXT_LANGUAGE', l), lang);
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      for (const path of ['/batch-copy-bg', '/personal-center', '/member']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: testInfo.outputPath(`${lang}-${w}${path.replace('/', '-')}.png`), fullPage: true });
      }
    }
  }
});
