import { expect, test } from '@playwright/test';
import { openSettled, settle, signInMerchant } from './helpers/pages';
import { shot } from './helpers/poster';

/**
 * /mott against the real API: the stack's demonstration hotspots fill the
 * rising list, and the calendar always has a festival, a solar term or a
 * platform date within 30 days. The brand must list /mott (api/config/brands.toml).
 */
test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/mott');
  await expect(page.getByTestId('login-required-page')).toBeVisible();
  await expect(page.getByTestId('workbench-page')).toHaveCount(0);
});

test('workbench: five rising hotspots, upcoming dates, recent generations and reports, and the way to the hot list', async ({ page, request }, testInfo) => {
  await signInMerchant(page, request);
  await openSettled(page, '/mott');
  await expect(page.getByTestId('workbench-page')).toBeVisible();
  await expect(page.getByTestId('workbench-hotspot')).toHaveCount(5);
  await expect(page.getByTestId('workbench-date').first()).toBeVisible();
  // A new merchant has generated nothing yet.
  await expect(page.getByTestId('workbench-tasks-empty')).toBeVisible();
  // ...and no idea report; the idea reports tool and the card lead to /mott-idea.
  await expect(page.getByTestId('workbench-reports-empty')).toBeVisible();
  await expect(page.getByTestId('workbench-reports-new')).toHaveAttribute('href', '/mott-idea');
  await expect(page.getByTestId('workbench-tool-mott-idea')).toHaveAttribute('href', '/mott-idea');
  await settle(page);
  await shot(page, testInfo, 'workbench');

  await page.getByTestId('workbench-tool-hot-topic-list').click();
  await expect(page).toHaveURL(/\/hot-topic-list$/);
  await expect(page.getByTestId('hotspot-page')).toBeVisible();
});
