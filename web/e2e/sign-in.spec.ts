/**
 * Sign-in by SMS code: a new phone solves the captcha, receives its code
 * (read from the development outbox), is told it was registered, and is
 * signed in with the user menu showing.
 */
import { expect, test } from '@playwright/test';
import { randomPhone, sendCodeInDialog } from './helpers/auth';

test('a new phone signs in by SMS code and is registered on the way', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('tab-sms')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('tab-mail')).toHaveCount(0);
  await expect(dialog.getByTestId('agreement-checkbox')).toBeChecked();
  await expect(dialog.getByTestId('auth-submit')).toBeDisabled();

  const phone = randomPhone();
  await dialog.getByTestId('account-input').fill(phone);

  // A wrong captcha answer: 验证失败请重试 and a new image is drawn.
  await dialog.getByTestId('send-code-button').click();
  const captcha = dialog.getByTestId('captcha-panel');
  await expect(captcha.getByTestId('captcha-image')).toBeVisible();
  const redraw = page.waitForResponse((r) => r.url().includes('/api/auth/captcha?'));
  await captcha.getByTestId('captcha-input').fill('!!!!');
  await captcha.getByTestId('captcha-submit').click();
  await expect(captcha.getByTestId('captcha-error')).toHaveText('验证失败请重试');
  await redraw;

  // The right answer (the development sender reveals it): the code is sent, the countdown runs.
  const answerRes = await page.request.get(`/api/dev/captcha?mobileId=${phone}`);
  const answer = ((await answerRes.json()) as { data: { code: string } }).data.code;
  await captcha.getByTestId('captcha-input').fill(answer);
  await captcha.getByTestId('captcha-submit').click();
  await expect(captcha).toBeHidden();
  await expect(page.getByText('验证码已发送～')).toBeVisible();
  await expect(dialog.getByTestId('send-code-button')).toBeDisabled();
  await expect(dialog.getByTestId('send-code-button')).toContainText('秒后重新获取');
  const outbox = await page.request.get(`/api/dev/outbox?to=${phone}`);
  const code = ((await outbox.json()) as { data: { code: string; channel: string }[] }).data[0];
  expect(code.channel).toBe('sms');

  // A malformed code is refused in the dialog.
  await dialog.getByTestId('code-input').fill('12345');
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog.getByTestId('auth-error')).toHaveText('请输入正确的验证码');

  await dialog.getByTestId('code-input').fill(code.code);
  await dialog.getByTestId('auth-submit').click();
  await expect(page.getByText('该手机号尚未注册，将为您直接注册并登录')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-account')).toHaveText(phone);
});

test('register through the dialog with a code, then sign in by password', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByTestId('link-register').click();
  const phone = randomPhone();
  await dialog.getByTestId('account-input').fill(phone);
  const code = await sendCodeInDialog(page, dialog, phone);
  await dialog.getByTestId('code-input').fill(code);
  await dialog.getByTestId('password-input').fill('e2e-Passw0rd');
  await dialog.getByTestId('confirm-input').fill('e2e-Passw0rd!');
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog.getByTestId('auth-error')).toHaveText('两次输入密码不一致～');
  await dialog.getByTestId('confirm-input').fill('e2e-Passw0rd');
  await dialog.getByTestId('agreement-checkbox').uncheck();
  await expect(dialog.getByTestId('auth-submit')).toBeDisabled();
  await expect(dialog.getByTestId('agreement-hint')).toHaveText('请阅读并勾选');
  await dialog.getByTestId('agreement-checkbox').check();
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-account')).toHaveText(phone);
});
