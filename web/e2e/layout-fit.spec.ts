import { expect, test, type Page } from '@playwright/test';
import { layoutProblems } from './helpers/layout';
import { builtPaths, openCutoutEditor, openSettled, placeUnpaidOrder, signInMerchant } from './helpers/pages';

/**
 * Every built page fits the screen for a signed-in merchant: no control is
 * covered by another element or pushed off the side, and no page scrolls
 * sideways. Desktop at 1280×800 and 1440×900, a phone (Pixel 7 user agent,
 * mobile route set) at 390×844, in Chinese and English. Problems are
 * collected per page (soft), so one run lists all of them.
 */
const DESKTOP_SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const PHONE = { width: 390, height: 844 } as const;
/** English labels are longer: both languages are checked. */
const LANGS = ['zh', 'en'] as const;

/** The app reads its language from localStorage on load (see lib/i18n). */
async function chooseLanguage(page: Page, lang: string) {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('I18_NEXT_LANGUAGE', l), lang);
}

async function expectFits(page: Page, what: string) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const lang = await page.evaluate(() => document.documentElement.lang);
  expect.soft(await layoutProblems(page), `${what} at ${width}×${height} (${lang})`).toEqual([]);
}

/**
 * The benefits centre with an unpaid order, then its payment sheet: a QR
 * code to scan on the desktop, a pay link on the phone (nothing to scan
 * with there).
 */
async function checkUnpaidOrder(page: Page, onPhone = false) {
  await openSettled(page, '/member');
  const row = page.getByTestId('order-row').first();
  await expect(row.getByRole('button')).toHaveCount(2);
  await expectFits(page, '/member with an unpaid order');
  await row.locator('button.primary').click({ timeout: 15_000 });
  const sheet = page.getByTestId('payment-dialog');
  await expect(sheet.getByTestId('payment-link')).toBeVisible();
  await expect(sheet.getByTestId('payment-qr')).toHaveCount(onPhone ? 0 : 1);
  await page.waitForTimeout(300); // the sheet's transition
  await expectFits(page, '/member payment dialog');
}

test.describe('layout fits the desktop', () => {
  for (const size of DESKTOP_SIZES) {
    test(`every built page at ${size.width}×${size.height}`, async ({ page, request }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      const token = await signInMerchant(page, request);
      await placeUnpaidOrder(request, token);
      for (const lang of LANGS) {
        await chooseLanguage(page, lang);
        for (const path of builtPaths('desktop')) {
          await openSettled(page, path);
          await expectFits(page, path);
        }
        await checkUnpaidOrder(page);
      }
    });
  }

  test('the cutout editor at every desktop size', async ({ page, request }) => {
    test.setTimeout(300_000);
    await signInMerchant(page, request);
    await openCutoutEditor(page);
    for (const lang of LANGS) {
      // The language switch relabels the open editor in place.
      if (lang === 'en') await page.getByTestId('lang-switch').click();
      for (const size of DESKTOP_SIZES) {
        await page.setViewportSize(size);
        await expectFits(page, '/ai-cutout with the editor');
      }
    }
  });
});

test.describe('layout fits a phone @mobile', () => {
  test.use({ viewport: PHONE });

  test('every built page of the mobile set', async ({ page, request }) => {
    test.setTimeout(300_000);
    const token = await signInMerchant(page, request);
    await placeUnpaidOrder(request, token);
    await page.goto('/');
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
    for (const lang of LANGS) {
      await chooseLanguage(page, lang);
      for (const path of builtPaths('mobile')) {
        await openSettled(page, path);
        await expectFits(page, path);
      }
      await checkUnpaidOrder(page, true);
    }
  });

  test('help, feedback and log out from the header menu', async ({ page, request }) => {
    await signInMerchant(page, request);
    await page.goto('/ai-product-image');
    await expect(page.getByTestId('mobile-title')).toHaveText('商品图');
    await page.getByTestId('mobile-switch').click();
    await page.getByTestId('mobile-feedback').click();
    await expect(page.getByTestId('feedback-dialog')).toBeVisible();
    await expectFits(page, 'feedback dialog');
    await page.getByTestId('feedback-dialog').getByTestId('modal-close').click();
    await expect(page.getByTestId('feedback-dialog')).toHaveCount(0);
    await page.getByTestId('mobile-switch').click();
    await page.getByTestId('mobile-logout').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the cutout editor', async ({ page, request }) => {
    test.setTimeout(300_000);
    await signInMerchant(page, request);
    await openCutoutEditor(page);
    await expectFits(page, '/ai-cutout with the editor');
    await page.getByTestId('lang-switch').click();
    await expectFits(page, '/ai-cutout with the editor');
  });
});
