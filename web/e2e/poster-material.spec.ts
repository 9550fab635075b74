import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { productPng } from './helpers/images';
import { shot, stagePoint } from './helpers/poster';
import { openSettled, settle, signInMerchant } from './helpers/pages';

/**
 * The poster materials library (/modi-poster-material): upload two
 * pictures, keep one as an image and one as a logo, filter by kind, open a
 * material, rename it, delete the other, and fill a poster's logo slot
 * from the library (the server accepts the material's upload in the
 * poster's `images`). On desktop (1440×900) and on a phone (390×844, where
 * a swipe over the poster scrolls the page). The brand must list
 * `/modi-poster-material` (api/config/brands.toml) or the page is 403.
 */
const TEMPLATE = 'brand-story-elegant';
/** The logo slot of brand-story-elegant (canvas px): 470,80 140×140; its title at 90,1100 900×110. */
const LOGO_CENTRE = { x: 540, y: 150 };
const TITLE_CENTRE = { x: 540, y: 1155 };

/** Uploads a picture in the library's add panel and keeps it under `name` as an image or a logo. */
async function addMaterial(page: Page, name: string, kind: 0 | 1, seed: number) {
  const add = page.getByTestId('material-add');
  await add.getByTestId('file-input').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: productPng(1024, seed) });
  await expect(add.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(add.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await add.getByTestId('material-add-name').fill(name);
  await add.getByTestId(`material-add-kind-${kind}`).check();
  await add.getByTestId('material-add-submit').click();
  // Added: the panel empties and the card shows.
  await expect(add.getByTestId('upload-preview')).toHaveCount(0);
  await expect(page.getByTestId('material-card').filter({ hasText: name })).toBeVisible();
}

/** The product photo of the poster editor (the product section's own uploader). */
async function uploadProduct(page: Page) {
  const product = page.getByTestId('poster-product');
  await product.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(product.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(product.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
}

/** The upload id of the caller's one logo, as the API lists it. */
async function logoUploadId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/poster-assets?content_type=1', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { cds_asset_infos: { uploadId: string; contentType: number }[]; cursor_id: string | null } };
  expect(body.data.cds_asset_infos).toHaveLength(1);
  expect(body.data.cds_asset_infos[0]?.contentType).toBe(1);
  return body.data.cds_asset_infos[0]?.uploadId as string;
}

/** Renders, checks the logo slot carried the material's upload, and waits for the poster. */
async function renderWithLogo(page: Page, uploadId: string) {
  const submitted = page.waitForRequest((r) => r.url().endsWith('/api/tasks') && r.method() === 'POST');
  await page.getByTestId('poster-render').click();
  const params = (await submitted).postDataJSON().params as { templateId: string; images?: Record<string, string> };
  expect(params.templateId).toBe(TEMPLATE);
  expect(params.images?.logo).toContain(uploadId);
  expect(params.images?.product).toMatch(/\/api\/files\/uploads\//);
  await expect(page.getByTestId('poster-result')).toBeVisible();
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('task-error')).toHaveCount(0);
}

const cardNames = (page: Page) => page.getByTestId('material-card').getByTestId('material-name');

test('poster materials on desktop: add an image and a logo, filter, rename, delete, fill a poster’s logo slot', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const token = await signInMerchant(page, request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSettled(page, '/modi-poster-material');
  await expect(page.getByTestId('material-empty')).toBeVisible();

  await addMaterial(page, '门店主图', 0, 7);
  await addMaterial(page, '品牌标志', 1, 11);
  // Most recently updated first.
  await expect(cardNames(page)).toHaveText(['品牌标志', '门店主图']);
  await settle(page);
  await shot(page, testInfo, 'zh-modi-poster-material');

  // Kind filter: logos, images, all (each from the first page).
  await page.getByTestId('material-kind-1').click();
  await expect(cardNames(page)).toHaveText(['品牌标志']);
  await expect(page.getByTestId('material-kind')).toHaveText(['Logo']);
  await page.getByTestId('material-kind-0').click();
  await expect(cardNames(page)).toHaveText(['门店主图']);
  await page.getByTestId('material-kind-all').click();
  await expect(cardNames(page)).toHaveText(['品牌标志', '门店主图']);
  // Today's range holds both.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByTestId('material-start-date').fill(today);
  await page.getByTestId('material-end-date').fill(today);
  await expect(cardNames(page)).toHaveCount(2);
  await page.getByTestId('material-clear').click();

  // The logo's page: rename it.
  await page.getByTestId('material-card').filter({ hasText: '品牌标志' }).click();
  await expect(page).toHaveURL(/\/modi-poster-material\/[^/]+$/);
  await expect(page.getByTestId('material-detail-kind')).toHaveText('Logo');
  await expect(page.getByTestId('material-preview')).toBeVisible();
  await page.getByTestId('material-edit-name').fill('品牌Logo');
  await page.getByTestId('material-save').click();
  await expect(page.getByTestId('material-detail-name')).toHaveText('品牌Logo');
  await settle(page);
  await shot(page, testInfo, 'zh-modi-poster-material-detail');

  // The image's page: delete it (after the confirmation).
  await page.getByTestId('material-back').click();
  await page.getByTestId('material-card').filter({ hasText: '门店主图' }).click();
  await page.getByTestId('material-delete').click();
  await page.getByTestId('material-confirm').getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/modi-poster-material$/);
  await expect(cardNames(page)).toHaveText(['品牌Logo']);
  const uploadId = await logoUploadId(request, token);

  // The poster editor: the logo slot from the library.
  await openSettled(page, '/modi-poster');
  await page.getByTestId(`template-${TEMPLATE}`).click();
  await expect(page.getByTestId('poster-editor')).toHaveAttribute('data-template', TEMPLATE);
  await uploadProduct(page);
  const logo = await stagePoint(page, LOGO_CENTRE.x, LOGO_CENTRE.y);
  await page.mouse.click(logo.x, logo.y);
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'logo');
  await page.getByTestId('slot-from-materials').click();
  const picker = page.getByTestId('material-picker');
  // A logo slot lists logos only.
  await expect(picker.getByTestId('picker-item')).toHaveCount(1);
  await shot(page, testInfo, 'zh-modi-poster-material-picker');
  await picker.getByTestId('picker-item').click();
  await expect(page.getByTestId('material-picker')).toHaveCount(0);
  await expect(page.getByTestId('layer-panel').getByTestId('upload-preview')).toBeVisible();
  await renderWithLogo(page, uploadId);
  await shot(page, testInfo, 'zh-modi-poster-material-render');

  // The library and the material's page in English.
  await openSettled(page, '/modi-poster-material');
  await page.getByTestId('lang-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('material-kind')).toHaveText(['Logo']);
  await settle(page);
  await shot(page, testInfo, 'en-modi-poster-material');
  await page.getByTestId('material-card').first().click();
  await expect(page.getByTestId('material-use')).toHaveText('Use in a poster');
  await settle(page);
  await shot(page, testInfo, 'en-modi-poster-material-detail');

  // "Use in a poster" opens the editor on a template with a logo slot, the logo in it.
  await page.getByTestId('material-use').click();
  await expect(page).toHaveURL(/\/modi-poster\?asset=/);
  await expect(page.getByTestId('poster-editor')).toHaveAttribute('data-template', TEMPLATE);
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'logo');
});

/** A finger swipe through the DevTools protocol (Playwright's touchscreen only taps). */
async function swipe(page: Page, from: { x: number; y: number }, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= 12; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + (dy * i) / 12 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('poster materials on a phone: add a logo, filter, open it, use it in a poster; a swipe over the poster scrolls @mobile', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const token = await signInMerchant(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettled(page, '/modi-poster-material');
  await addMaterial(page, '品牌标志', 1, 11);
  await page.getByTestId('material-kind-1').click();
  await expect(cardNames(page)).toHaveText(['品牌标志']);
  await settle(page);
  await shot(page, testInfo, 'zh-modi-poster-material');
  await page.getByTestId('material-card').first().click();
  await expect(page.getByTestId('material-detail-kind')).toHaveText('Logo');
  await settle(page);
  await shot(page, testInfo, 'zh-modi-poster-material-detail');
  const uploadId = await logoUploadId(request, token);

  // "Use in a poster": the template library, then the editor with the logo placed and selected.
  await page.getByTestId('material-use').click();
  await expect(page).toHaveURL(/\/template\?asset=/);
  await page.getByTestId(`template-${TEMPLATE}`).click();
  await expect(page).toHaveURL(new RegExp(`/template-edit\\?id=${TEMPLATE}&asset=`));
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'logo');
  await uploadProduct(page);

  // A swipe that starts on the title (not the selected layer) scrolls the page and moves nothing.
  const title = await stagePoint(page, TITLE_CENTRE.x, TITLE_CENTRE.y);
  const before = await page.evaluate(() => window.scrollY);
  await swipe(page, title, -200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  await expect(page.getByTestId('selection')).toHaveAttribute('data-layer', 'logo');
  await expect(page.getByTestId('poster-undo')).toBeDisabled();

  // The slot's own picker lists the logo too.
  await page.getByTestId('slot-from-materials').click();
  await expect(page.getByTestId('material-picker').getByTestId('picker-item')).toHaveCount(1);
  await shot(page, testInfo, 'zh-template-edit-material-picker');
  await page.getByTestId('material-picker').getByTestId('picker-item').click();
  await expect(page.getByTestId('material-picker')).toHaveCount(0);

  await renderWithLogo(page, uploadId);
  await shot(page, testInfo, 'zh-template-edit-material');

  // English.
  await page.evaluate(() => localStorage.setItem('I18_NEXT_LANGUAGE', 'en'));
  await openSettled(page, '/modi-poster-material');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('material-kind')).toHaveText(['Logo']);
  await shot(page, testInfo, 'en-modi-poster-material');
});
