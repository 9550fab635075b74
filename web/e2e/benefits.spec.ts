import { expect, test } from '@playwright/test';
import { randomPhone, sendCodeInDialog } from './helpers/auth';
import { productPng } from './helpers/images';

/**
 * The money path in a browser: a new user signs in by SMS code (the code
 * read from the development outbox), has the free plan's 500 lingshi, runs
 * a cutout (5), buys a top-up pack through the development payment
 * provider's pay page and sees the balance rise.
 */
test('sign in by SMS, spend 5 lingshi on a cutout, buy a top-up pack by QR', async ({ page, context }) => {
  test.setTimeout(300_000);
  await page.goto('/ai-cutout');

  const phone = randomPhone();
  await page.getByTestId('login-button').click();
  const login = page.getByTestId('login-dialog');
  await expect(login).toBeVisible();
  await expect(login.getByTestId('tab-sms')).toHaveAttribute('aria-selected', 'true');
  await login.getByTestId('account-input').fill(phone);
  const code = await sendCodeInDialog(page, login, phone);
  await login.getByTestId('code-input').fill(code);
  await expect(login.getByTestId('agreement-checkbox')).toBeChecked();
  await login.getByTestId('auth-submit').click();
  await expect(login).toBeHidden();
  await expect(page.getByTestId('user-account')).toHaveText(phone);
  await expect(page.getByTestId('user-lingshi')).toContainText('500');

  // A cutout costs 5.
  await page.getByTestId('file-input').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: productPng(1024) });
  await expect(page.getByTestId('upload-preview')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('upload-status')).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-image')).toBeVisible({ timeout: 180_000 });
  await page.reload();
  await expect(page.getByTestId('user-lingshi')).toContainText('495');

  // The benefits centre: the same balance, the charge in the coin details.
  await page.goto('/member');
  await expect(page.getByTestId('benefits-balance')).toHaveText('495');
  await expect(page.getByTestId('ledger-row').first()).toContainText('-5');
  // The charge names the feature; the plan is named, not coded; no orders yet is said.
  await expect(page.getByTestId('ledger-row').first().getByTestId('ledger-feature')).toHaveText('AI抠图');
  await expect(page.getByTestId('benefits-plan')).toHaveText('免费版');
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await expect(page.getByTestId('plan-col-free')).toHaveClass(/current/);

  // Buy the 1000 pack: QR on screen, pay on the provider's page.
  await page.getByTestId('product-pack-1000').getByRole('button').click();
  const payment = page.getByTestId('payment-dialog');
  await expect(payment.getByTestId('payment-qr')).toBeVisible();
  const payUrl = await payment.getByTestId('payment-link').getAttribute('href');
  expect(payUrl).toContain('/pay/dev/');
  const payPage = await context.newPage();
  await payPage.goto(payUrl as string);
  await payPage.getByRole('button', { name: /确认支付/ }).click();
  await expect(payPage.locator('#result')).toContainText('支付成功');
  await payPage.close();

  // The dialog's polling sees the payment; the balance rises by 1000.
  await expect(payment.getByTestId('payment-success')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('benefits-balance')).toHaveText('1495', { timeout: 15_000 });
  await expect(page.getByTestId('order-row').first()).toContainText('已支付');
});
