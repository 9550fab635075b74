import { expect, test } from '@playwright/test';

/**
 * The diffusion family on a deployment without Stable Diffusion weights
 * (this machine: no model hub): every route tells a merchant the feature is
 * coming soon and what it will do, never a form that can only fail; which
 * model is missing and how to install it is on the admin page only.
 */
const ROUTES = ['/human-figure-image', '/model-photo-new', '/shoes-image', '/wig-image', '/customized-models', '/tryon'];

for (const path of ROUTES) {
  test(`${path} says coming soon instead of showing a form`, async ({ page }) => {
    await page.goto(path);
    const gate = page.getByTestId('capability-modelMissing');
    await expect(gate).toBeVisible({ timeout: 30_000 });
    await expect(gate).toContainText('即将上线');
    await expect(page.getByTestId('generate-button')).toHaveCount(0);
    // Operator details stay on the admin page.
    await expect(gate.getByTestId('capability-model')).toHaveCount(0);
    await expect(gate).not.toContainText('huggingface');
  });
}

test('/customized-animal stays behind the customizedImage flag: not open yet, not 403', async ({ page }) => {
  await page.goto('/customized-animal');
  await expect(page.getByTestId('not-available-page')).toContainText('即将上线');
  await expect(page.getByTestId('generate-button')).toHaveCount(0);
});
