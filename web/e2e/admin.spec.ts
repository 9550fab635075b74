import { expect, test } from '@playwright/test';
import { grantAdmin } from './helpers/admin';
import { registerThroughApi } from './helpers/api';

test('a user without the admin role gets 403; an admin pauses and resumes the worker node', async ({ page }) => {
  test.setTimeout(120_000);
  const { phone, token } = await registerThroughApi(page.request);
  await page.addInitScript((t) => localStorage.setItem('USER_TOKEN', t), token);

  await page.goto('/admin');
  await expect(page.getByTestId('forbidden-page')).toBeVisible();

  grantAdmin(phone);
  await page.reload();
  await expect(page.getByTestId('admin-page')).toBeVisible();
  const node = page.getByTestId('admin-node').first();
  await expect(node).toBeVisible({ timeout: 60_000 });
  await expect(node.getByTestId('admin-node-status')).toHaveText('在线');
  await expect(page.getByTestId('admin-pool').filter({ hasText: 'default' })).toBeVisible();
  // What merchants see as coming soon: the models to install, with where to get them.
  const missing = page.getByTestId('admin-missing-models').getByTestId('capability-model');
  await expect(missing.first()).toBeVisible();
  await expect(page.getByTestId('admin-missing-models')).toContainText('huggingface.co');

  await node.getByTestId('admin-node-pause').click();
  await expect(node.getByTestId('admin-node-status')).toHaveText('已暂停');
  await node.getByTestId('admin-node-resume').click();
  await expect(node.getByTestId('admin-node-status')).toHaveText('在线');

  // Cancelling a task that does not exist says so.
  await page.getByTestId('admin-cancel-id').fill('00000000-0000-0000-0000-000000000000');
  await page.getByTestId('admin-cancel-submit').click();
  await expect(page.getByText('任务不存在')).toBeVisible();
});
