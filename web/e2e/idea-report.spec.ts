import { execFileSync } from 'node:child_process';
import { devices, expect, test, type Page } from '@playwright/test';
import { signInWithToken } from './helpers/api';
import { openSettled, settle, signInMerchant } from './helpers/pages';
import { productPng } from './helpers/images';
import { shot } from './helpers/poster';

/**
 * Idea reports (热点营销策划, /mott-idea) against the real API and a text
 * model: from a hotspot of the stack's demonstration data, picture ideas
 * only (30 lingshi of a new merchant's 500), written stage by stage until
 * complete, then exported as .docx; the form's own check of the product;
 * a cancel while the report is written. The brand must list `/mott-idea`
 * (api/config/brands.toml) or the page is 403.
 */

const report = (page: Page) => page.getByTestId('idea-report');

/** Only picture ideas: the video and offline boxes unticked. */
async function picturesOnly(page: Page) {
  await page.getByTestId('idea-social-image').check();
  await page.getByTestId('idea-social-video').uncheck();
  await page.getByTestId('idea-social-offline').uncheck();
  await expect(page.getByTestId('idea-social-price-image')).toBeVisible();
}

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/mott-idea');
  await expect(page.getByTestId('login-required-page')).toBeVisible();
  await expect(page.getByTestId('idea-page')).toHaveCount(0);
});

// The whole path on the real 0.5B (1.6 minutes here, 2026-11-28): the
// picture ideas stage keeps each answer's complete ideas (docs/MARKETING.md,
// "Answers").
test('idea report from a hotspot: picture ideas with their pictures, written stage by stage, exported as .docx, on a phone too', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(900_000);
  const token = await signInMerchant(page, request);

  // The hot list: a hotspot's drawer leads to the idea report page.
  await openSettled(page, '/hot-topic-list');
  await expect.poll(() => page.getByTestId('hotspot-card').count()).toBeGreaterThan(0);
  const first = page.getByTestId('hotspot-card').first();
  const hotspotId = await first.getAttribute('data-hotspot-id');
  expect(hotspotId).toBeTruthy();
  await first.getByTestId('hotspot-open').click();
  const drawer = page.getByTestId('hotspot-drawer');
  await expect(drawer.getByTestId('hotspot-detail')).toBeVisible();
  const title = (await drawer.locator('h2').first().textContent())?.trim();
  await drawer.getByTestId('hotspot-use').click();
  const escaped = encodeURIComponent(hotspotId as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`/mott-idea\\?hotspotId=${escaped}$`));
  await settle(page);
  await expect(page.getByTestId('idea-page')).toBeVisible();
  const subject = page.getByTestId('idea-subject-hotspot');
  await expect(subject).toBeVisible();
  if (title) await expect(subject).toHaveText(title);

  // The form: the defaults (整活幽默, every kind), the prices, then picture ideas only.
  await expect(page.getByTestId('idea-style-humorous')).toHaveClass(/active/);
  await expect(page.getByTestId('idea-social-price-image')).toHaveText('30灵石/3个');
  await expect(page.getByTestId('idea-social-price-video')).toContainText('限时免费');
  await page.getByTestId('idea-market-desc').fill('桂花乌龙奶茶，18元一杯，低糖');
  await expect(page.getByTestId('idea-market-desc-count')).toHaveText('15/500');
  await picturesOnly(page);
  // A product photo: each picture idea then gets a scene and a design picture, at no extra cost.
  await page.getByTestId('idea-photo-file').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('idea-photo-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('idea-total')).toHaveText('合计：30灵石');
  await shot(page, testInfo, 'idea-form');
  await page.getByTestId('idea-submit').click();

  // The report: in the address (a reload keeps it), then written stage by stage.
  await expect(report(page)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/reportId=/);
  const reportId = new URL(page.url()).searchParams.get('reportId');
  expect(reportId).toBeTruthy();
  await expect(page.getByTestId('idea-stepper')).toBeVisible();
  await expect(page.getByTestId('idea-step-advice_online')).toBeVisible();
  // Only the picture ideas were asked for.
  await expect(page.getByTestId('idea-step-advice_online_video')).toHaveCount(0);
  await expect(page.getByTestId('idea-step-advice_offline')).toHaveCount(0);
  await expect(report(page)).toHaveAttribute('data-process', 'completed', { timeout: 600_000 });
  await expect(page.getByTestId('idea-report-status')).toHaveText('已完成');
  for (const stage of ['summary', 'advice_online', 'association', 'risk']) {
    await expect(page.getByTestId(`idea-step-${stage}`)).toHaveAttribute('data-state', 'done');
  }
  await expect(page.getByTestId('idea-summary')).not.toBeEmpty();
  await expect(page.getByTestId('idea-section-advice_online').getByTestId('idea-card')).toHaveCount(3);
  await expect(page.getByTestId('idea-section-advice_online').getByTestId('idea-card-title').first()).not.toBeEmpty();
  await expect.poll(() => page.getByTestId('idea-section-risk').getByTestId('idea-point').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('idea-cancel')).toHaveCount(0);
  // Two pictures per picture idea, each made by its own task.
  const pictures = page.getByTestId('idea-section-advice_online').getByTestId('idea-picture');
  await expect(pictures).toHaveCount(6, { timeout: 60_000 });
  for (let i = 0; i < 6; i += 1) {
    await expect(pictures.nth(i)).toHaveAttribute('data-status', 'SUCCESS', { timeout: 300_000 });
    await expect(pictures.nth(i).locator('img')).toBeVisible();
  }
  await expect(page.getByTestId('idea-card').first().locator('[data-kind="scene"]')).toHaveCount(1);
  await expect(page.getByTestId('idea-card').first().locator('[data-kind="design"]')).toHaveCount(1);
  // The list has it, selected.
  await expect(page.locator(`[data-testid="idea-history-item"][data-report-id="${reportId}"]`)).toHaveAttribute('data-process', 'completed');
  await settle(page);
  await shot(page, testInfo, 'idea-report');

  // Export .docx with the default title; the button then rests for 60 seconds.
  await page.getByTestId('idea-export').click();
  const dialog = page.getByTestId('idea-export-dialog');
  await expect(dialog.getByTestId('idea-export-title')).toHaveValue('热点营销策划');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('idea-export-submit').click()]);
  expect(download.suggestedFilename()).toBe('热点营销策划.docx');
  const xml = execFileSync('unzip', ['-p', await download.path(), 'word/document.xml']).toString('utf8');
  expect(xml).toContain('热点营销策划');
  await expect(page.getByTestId('idea-export-dialog')).toHaveCount(0);
  await expect(page.getByTestId('idea-export')).toBeDisabled();
  await expect(page.getByTestId('idea-export')).toContainText('秒后可再次导出');
  expect(Number(await page.getByTestId('idea-export').getAttribute('data-cooldown'))).toBeGreaterThan(50);

  // A reload keeps the report; English.
  await page.reload();
  await settle(page);
  await expect(report(page)).toHaveAttribute('data-report-id', reportId as string);
  await page.getByTestId('lang-switch').click();
  await expect(page.getByTestId('idea-report-status')).toHaveText('Completed');
  await expect(page.getByTestId('idea-submit')).toHaveText('Generate report');
  await page.getByTestId('lang-switch').click();

  // The workbench lists it.
  await openSettled(page, '/mott');
  await expect(page.getByTestId('workbench-report').first()).toHaveAttribute('href', `/mott-idea?reportId=${reportId}`);

  // A phone (the mobile route set, Pixel 7): one column, nothing wider than the screen.
  const phone = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-CN' });
  try {
    const mobile = await phone.newPage();
    await signInWithToken(mobile, token);
    await openSettled(mobile, `/mott-idea?reportId=${reportId}`);
    await expect(mobile.getByTestId('idea-page')).toHaveClass(/mobile/);
    await expect(mobile.getByTestId('idea-report')).toHaveAttribute('data-process', 'completed');
    const width = mobile.viewportSize()?.width ?? 412;
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const form = await mobile.getByTestId('idea-form').boundingBox();
    const view = await mobile.getByTestId('idea-report').boundingBox();
    expect(form && view && Math.round(form.x) === Math.round(view.x) && view.y > form.y).toBe(true);
    await shot(mobile, testInfo, 'idea-report-phone');
  } finally {
    await phone.close();
  }
});

test('idea report form: no product is refused on the page and nothing is created', async ({ page, request }) => {
  const token = await signInMerchant(page, request);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/idea-reports') posts.push(r.url());
  });
  await openSettled(page, '/mott-idea');
  await expect(page.getByTestId('idea-report-empty')).toBeVisible();
  await page.getByTestId('idea-topic').fill('门店周年庆');
  await page.getByTestId('idea-submit').click();
  await expect(page.getByTestId('idea-error-marketDesc')).toHaveText('请填写产品/品牌信息');
  await expect(page.getByTestId('idea-market-desc')).toHaveAttribute('aria-invalid', 'true');
  // No topic either (a custom topic has no hotspot to stand for it).
  await page.getByTestId('idea-topic').fill('');
  await page.getByTestId('idea-market-desc').fill('桂花乌龙奶茶，18元一杯，低糖');
  await page.getByTestId('idea-submit').click();
  await expect(page.getByTestId('idea-error-reportTitle')).toHaveText('请填写营销主题');
  await expect(page.getByTestId('idea-error-marketDesc')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  await expect(page.getByTestId('idea-report')).toHaveCount(0);
  const list = await request.get('/api/idea-reports?pageNum=1&pageSize=10', { headers: { Authorization: `Bearer ${token}` } });
  expect(list.ok()).toBe(true);
  expect(((await list.json()) as { data: { total: number } }).data.total).toBe(0);
});

test('idea report: cancelled while it is written', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  await signInMerchant(page, request);
  // A calendar day's "plan marketing" link: the topic comes filled in.
  await openSettled(page, `/mott-idea?topic=${encodeURIComponent('中秋节')}&topicDesc=${encodeURIComponent('团圆、赏月、月饼')}&source=CALENDAR`);
  await expect(page.getByTestId('idea-topic')).toHaveValue('中秋节');
  await page.getByTestId('idea-market-desc').fill('桂花乌龙奶茶，18元一杯，低糖');
  await picturesOnly(page);
  await page.getByTestId('idea-submit').click();
  await expect(report(page)).toHaveAttribute('data-process', 'generating', { timeout: 30_000 });
  await page.getByTestId('idea-cancel').click();
  const confirm = page.getByTestId('idea-cancel-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-ok').click();
  await expect(report(page)).toHaveAttribute('data-process', 'cancelled', { timeout: 30_000 });
  await expect(page.getByTestId('idea-report-status')).toHaveText('已取消');
  await expect(page.getByTestId('idea-cancelled')).toContainText('已取消');
  await expect(page.getByTestId('idea-cancel')).toHaveCount(0);
  await expect(page.getByTestId('idea-export')).toHaveCount(0);
  // It stays cancelled (the page stops polling; a reload reads the same).
  await page.reload();
  await settle(page);
  await expect(report(page)).toHaveAttribute('data-process', 'cancelled');
  await shot(page, testInfo, 'idea-report-cancelled');
});
