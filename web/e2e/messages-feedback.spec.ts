import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { registerThroughApi, signInWithToken } from './helpers/api';
import { productPng } from './helpers/images';

test.describe('messages and feedback', () => {
  test('a new user sees the welcome message, the unread count drops on click, then mark all / delete all', async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request);
    await signInWithToken(page, token);
    await page.goto('/');
    const badge = page.getByTestId('message-unread');
    await expect(badge).toHaveText('1');
    await page.getByTestId('message-bell').click();
    const item = page.getByTestId('message-item').first();
    await expect(item).toContainText('欢迎');
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.click();
    await expect(page.getByTestId('message-detail')).toBeVisible();
    await expect(page.getByTestId('message-body')).toContainText('500');
    await expect(badge).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('message-item').first()).toHaveAttribute('data-read', 'true');

    await page.getByTestId('message-delete-all').click();
    await expect(page.getByTestId('message-empty')).toBeVisible();
  });

  test('submits feedback with an image from the floating window', async ({ page, request }, testInfo) => {
    const { token } = await registerThroughApi(request);
    await signInWithToken(page, token);
    await page.goto('/');
    await page.getByTestId('float-feedback').click();
    const dialog = page.getByTestId('feedback-dialog');
    await expect(dialog).toBeVisible();
    const submit = dialog.getByTestId('feedback-submit');
    await expect(submit).toBeDisabled();
    await dialog.getByTestId('feedback-title').fill('抠图边缘');
    await expect(submit).toBeDisabled();
    await dialog.getByTestId('feedback-content').fill('头发边缘不够细');
    await expect(submit).toBeEnabled();

    await dialog
      .getByTestId('feedback-image')
      .setInputFiles({ name: 'edge.png', mimeType: 'image/png', buffer: productPng(512, 7) });
    await expect(dialog.getByTestId('feedback-image-done')).toContainText('edge.png');
    await page.screenshot({ path: testInfo.outputPath('feedback.png') });
    await submit.click();
    await expect(page.getByText('反馈成功')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('a visitor asking for feedback gets the login dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('float-feedback').click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await expect(page.getByTestId('feedback-dialog')).toHaveCount(0);
  });
});

/**
 * The operator CLI that scripts/test's e2e build produced beside the API
 * (it reads the same PIXMART__DATABASE__URL the API was started with).
 */
function tenantsCli(): string {
  const target = process.env.CARGO_TARGET_DIR ?? path.resolve(process.cwd(), '..', 'target');
  const bin = process.env.PIXMART_TENANTS_BIN ?? path.join(target, 'debug', 'pixmart-tenants');
  if (!existsSync(bin)) throw new Error(`pixmart-tenants not found at ${bin} (cargo build -p pixmart-api)`);
  return bin;
}

test.describe('tenant switches', () => {
  test('visa members lose the message and enterprise entries and the logo link; 伊利 goes to /mott', async ({
    page,
    request,
  }) => {
    const cli = tenantsCli();
    execFileSync(cli, ['seed-demo']);
    const { phone, token } = await registerThroughApi(request);
    await signInWithToken(page, token);
    await page.goto('/');
    await expect(page.getByTestId('message-bell')).toBeVisible();
    await expect(page.getByTestId('enterprise-service')).toBeVisible();
    expect(await page.getByTestId('brand').evaluate((e) => e.tagName)).toBe('A');

    execFileSync(cli, ['assign', '--user', phone, '--tenant', 'visa']);
    await page.reload();
    await expect(page.getByTestId('user-account')).toBeVisible();
    await expect(page.getByTestId('message-bell')).toHaveCount(0);
    await expect(page.getByTestId('enterprise-service')).toHaveCount(0);
    expect(await page.getByTestId('brand').evaluate((e) => e.tagName)).toBe('SPAN');
    await page.goto('/personal-setting');
    await expect(page.getByTestId('setting-tenant')).toContainText('visa');

    execFileSync(cli, ['assign', '--user', phone, '--tenant', 'yili']);
    await page.goto('/');
    await page.getByTestId('enterprise-service').click();
    await expect(page).toHaveURL(/\/mott$/);
  });
});
