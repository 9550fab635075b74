import { expect, type Locator, type Page } from '@playwright/test';
import { devCaptchaAnswer, devOutboxCode } from './api';

/** A fresh phone number: 1 followed by 10 random digits. */
export function randomPhone(): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += Math.floor(Math.random() * 10);
  return `1${digits}`;
}

/**
 * Presses the dialog's send-code button, solves the captcha step with the
 * development sender's answer, and returns the code from the dev outbox.
 */
export async function sendCodeInDialog(page: Page, dialog: Locator, account: string): Promise<string> {
  await dialog.getByTestId('send-code-button').click();
  const captcha = dialog.getByTestId('captcha-panel');
  await expect(captcha).toBeVisible();
  await expect(captcha.getByTestId('captcha-image')).toBeVisible();
  const answer = await devCaptchaAnswer(page.request, account);
  await captcha.getByTestId('captcha-input').fill(answer);
  await captcha.getByTestId('captcha-submit').click();
  await expect(captcha).toBeHidden();
  await expect(dialog.getByTestId('send-code-button')).toBeDisabled();
  let code: string | undefined;
  await expect(async () => {
    code = await devOutboxCode(page.request, account);
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code as string;
}

/** Registers a new user through the login dialog's register flow and waits until signed in. */
export async function registerThroughUi(page: Page, phone: string, password = 'e2e-Passw0rd'): Promise<void> {
  await page.getByTestId('login-button').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('link-register').click();
  await dialog.getByTestId('account-input').fill(phone);
  const code = await sendCodeInDialog(page, dialog, phone);
  await dialog.getByTestId('code-input').fill(code);
  await dialog.getByTestId('password-input').fill(password);
  await dialog.getByTestId('confirm-input').fill(password);
  await expect(dialog.getByTestId('agreement-checkbox')).toBeChecked();
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-account')).toHaveText(phone);
}
