import { expect, type Page } from '@playwright/test';

/** A fresh phone number: 1 followed by 10 random digits. */
export function randomPhone(): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += Math.floor(Math.random() * 10);
  return `1${digits}`;
}

/** Registers a new user through the login dialog and waits until signed in. */
export async function registerThroughUi(page: Page, phone: string, password = 'e2e-Passw0rd'): Promise<void> {
  await page.getByTestId('login-button').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('tab-register').click();
  await dialog.getByTestId('account-input').fill(phone);
  await dialog.getByTestId('password-input').fill(password);
  await dialog.getByTestId('confirm-input').fill(password);
  await expect(dialog.getByTestId('agreement-checkbox')).toBeChecked();
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-account')).toHaveText(phone);
}
