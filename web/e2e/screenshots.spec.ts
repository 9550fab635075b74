import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { builtPaths, openCutoutEditor, openSettled, signInMerchant } from './helpers/pages';

/**
 * A full-page screenshot of every built page, signed in as a merchant, at
 * 1280×800, 1440×900 and on a phone (390×844), in Chinese and in English:
 * test artifacts (test-results/, attached to the report) for a person to
 * look at. The app takes its language from localStorage (I18_NEXT_LANGUAGE);
 * the browser locale is set to match.
 */
const LANGS = [
  { lang: 'zh', locale: 'zh-CN' },
  { lang: 'en', locale: 'en-US' },
] as const;
const DESKTOP_SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

function fileName(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-zA-Z0-9-]+/g, '_');
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const file = testInfo.outputPath(`${name}-${width}x${height}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`${name} ${width}×${height}`, { path: file, contentType: 'image/png' });
}

async function shootAll(page: Page, testInfo: TestInfo, paths: string[], lang: string) {
  for (const path of paths) {
    await openSettled(page, path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    await shoot(page, testInfo, `${lang}-${fileName(path)}`);
  }
}

for (const { lang, locale } of LANGS) {
  test.describe(`screenshots in ${lang}`, () => {
    test.use({ locale });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('I18_NEXT_LANGUAGE', l), lang);
    });

    test(`desktop pages (${lang})`, async ({ page, request }, testInfo) => {
      test.setTimeout(600_000);
      await signInMerchant(page, request);
      for (const size of DESKTOP_SIZES) {
        await page.setViewportSize(size);
        await shootAll(page, testInfo, builtPaths('desktop'), lang);
      }
      await openCutoutEditor(page);
      for (const size of DESKTOP_SIZES) {
        await page.setViewportSize(size);
        await shoot(page, testInfo, `${lang}-ai-cutout-editor`);
      }
    });
  });

  test.describe(`screenshots in ${lang} on a phone @mobile`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('I18_NEXT_LANGUAGE', l), lang);
    });

    test(`mobile pages (${lang})`, async ({ page, request }, testInfo) => {
      test.setTimeout(600_000);
      await signInMerchant(page, request);
      await shootAll(page, testInfo, builtPaths('mobile'), lang);
      await openCutoutEditor(page);
      await shoot(page, testInfo, `${lang}-ai-cutout-editor`);
    });
  });
}
