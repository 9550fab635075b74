/**
 * The pages a merchant can open, read from the app's one route registry so
 * that a page built later is checked without touching the specs, and the
 * states worth looking at: signed in, an unpaid order, the cutout editor.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP_ROUTES, MOBILE_ROUTES, isBuilt } from '../../src/app/routes/registry';
import { registerThroughApi, signInWithToken } from './api';
import { productPng } from './images';

/** Built pages of a route set, without parameters (a `:id` route has no page of its own). */
export function builtPaths(set: 'desktop' | 'mobile'): string[] {
  const defs = set === 'mobile' ? MOBILE_ROUTES : DESKTOP_ROUTES;
  return defs.filter((d) => isBuilt(d) && !d.path.includes(':')).map((d) => d.path);
}

/** A fresh merchant account, signed in on the page before any of its scripts run. */
export async function signInMerchant(page: Page, request: APIRequestContext): Promise<string> {
  const { token } = await registerThroughApi(request);
  await signInWithToken(page, token);
  return token;
}

/** Leaves an unpaid order on the account, so the orders table shows its pay and cancel buttons. */
export async function placeUnpaidOrder(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const products = await request.get('/api/benefits/products', { headers });
  expect(products.ok()).toBe(true);
  const { data } = (await products.json()) as { data: { packs: { productId: string }[] } };
  const pack = data.packs[0];
  if (!pack) throw new Error('the catalogue has no top-up pack');
  const order = await request.post('/api/orders', { headers, data: { productId: pack.productId } });
  expect(order.ok()).toBe(true);
}

/** Opens a page and waits until it has settled: no loading page, no toast, data fetched. */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

export async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('page-loading')).toHaveCount(0, { timeout: 15_000 });
  // Capabilities and lists arrive after the first paint and may swap a form for a notice.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
}

/** Runs a cutout on /ai-cutout and waits until its result and mask editor show. */
export async function openCutoutEditor(page: Page): Promise<void> {
  await openSettled(page, '/ai-cutout');
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('mask-canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
}
