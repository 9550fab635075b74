import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { registerThroughApi, signInWithToken } from './helpers/api';

/** Saves a full-page screenshot as a test artifact. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  // Let modal transitions finish.
  await page.waitForTimeout(300);
  const path = testInfo.outputPath(`${testInfo.project.name}-${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The pixmart brand's top-bar groups (api/config/brands.toml `menu_groups`). */
const PIXMART_GROUPS = ['home', 'hot-topics', 'asset-library', 'ai-photo', 'material-generation', 'rewrite', 'creation-space', 'benefit-centre'];

/** Group test ids in the bar itself, in order (not those inside "More"). */
const groupsInBar = (page: Page) =>
  page
    .getByTestId('topbar')
    .locator('.topnav > a [data-testid^="menu-group-"], .topnav > .topnav-group:not(.topnav-more) > [data-testid^="menu-group-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')?.replace('menu-group-', '')));

const primaryColor = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());

test.describe('desktop shell', () => {

  test('desktop route set: top bar groups and side bar from the brand configuration', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('[data-layout="desktop"]')).toBeVisible();
    const topbar = page.getByTestId('topbar');
    await expect(topbar).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('brand-name')).toHaveText('pixmart');
    await expect(topbar.getByTestId('menu-group-home')).toHaveText('首页');
    await expect(topbar.getByTestId('menu-group-ai-photo')).toContainText('AI商拍');
    await expect(topbar.getByTestId('menu-group-creation-space')).toHaveText('创作空间');
    await expect(page.getByTestId('menu-group-benefit-centre')).toHaveCount(1);
    await expect(topbar.getByTestId('menu-group-hot-topics')).toHaveText('热点');
    // Every group of the brand, once, whether in the bar or in "More".
    await expect(topbar.locator('[data-testid^="menu-group-"]')).toHaveCount(PIXMART_GROUPS.length);
    for (const group of PIXMART_GROUPS) await expect(topbar.getByTestId(`menu-group-${group}`)).toHaveCount(1);
    // /mott-agent is not built: in no menu.
    await expect(page.getByTestId('menu-item-/mott-agent')).toHaveCount(0);
    expect(await primaryColor(page)).toBe('#2352d8');
    await shot(page, testInfo, 'home');

    await page.getByTestId('sidebar').getByTestId('menu-item-/ai-cutout').click();
    await expect(page).toHaveURL(/\/ai-cutout$/);
    await expect(page.getByTestId('generate-button')).toContainText('5 灵石');
    await shot(page, testInfo, 'ai-cutout');
  });

  test('groups that do not fit move into "More", and only then', async ({ page, request }, testInfo) => {
    // Signed in, in English: the widest right-hand controls and the longest labels.
    const { token } = await registerThroughApi(request);
    await signInWithToken(page, token);
    await page.addInitScript(() => localStorage.setItem('I18_NEXT_LANGUAGE', 'en'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/rewrite-text');
    const topbar = page.getByTestId('topbar');
    await expect(topbar.getByTestId('user-account')).toBeVisible();
    const more = topbar.getByTestId('menu-more');
    await expect(more).toHaveText('More');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // The bar keeps the brand's order from the start; "More" takes the rest, from the end.
    const inBar = await groupsInBar(page);
    expect(inBar).toEqual(PIXMART_GROUPS.slice(0, inBar.length));
    expect(inBar.length).toBeLessThan(PIXMART_GROUPS.length);
    const dropdown = topbar.getByTestId('menu-more-dropdown');
    await expect(dropdown).toBeHidden();
    await more.hover();
    await expect(dropdown).toBeVisible();
    for (const group of PIXMART_GROUPS.slice(inBar.length)) await expect(dropdown.getByTestId(`menu-group-${group}`)).toBeVisible();
    // The open page's group sits in "More" at this width (rewrite is sixth of eight): "More" is highlighted.
    if (!inBar.includes('rewrite')) {
      await expect(more).toHaveClass(/active/);
      await dropdown.getByTestId('menu-group-rewrite').hover();
      await expect(dropdown.getByTestId('menu-item-/rewrite-article')).toBeVisible();
    }
    await shot(page, testInfo, 'topbar-more-en', false);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(more).toHaveCount(0);
    expect(await groupsInBar(page)).toEqual(PIXMART_GROUPS);
    await expect(topbar.getByTestId('menu-group-rewrite')).toHaveClass(/active/);
  });

  test('unknown paths show the not-found image; /403 the no-permission image', async ({ page }, testInfo) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('not-found-image')).toBeVisible();
    await expect(page.getByTestId('not-found-page')).toContainText('页面不存在');
    await shot(page, testInfo, 'not-found');

    await page.goto('/403');
    await expect(page.getByTestId('forbidden-image')).toBeVisible();
    await expect(page.getByTestId('forbidden-page')).toContainText('暂无权限');
    await shot(page, testInfo, 'forbidden');

    // A spec route that is not built says so, whether or not the brand lists it.
    await page.goto('/mott-agent');
    await expect(page.getByTestId('not-available-page')).toBeVisible();
    await page.goto('/mott-recommend');
    await expect(page.getByTestId('not-available-page')).toBeVisible();
  });

  test('a route that is not built says so plainly', async ({ page }, testInfo) => {
    await page.goto('/mott-agent');
    const notAvailable = page.getByTestId('not-available-page');
    await expect(notAvailable).toContainText('该功能暂未开放');
    await expect(notAvailable.locator('form, input')).toHaveCount(0);
    await shot(page, testInfo, 'not-available');
    await page.getByTestId('lang-switch').click();
    await expect(notAvailable).toContainText('This feature is not available yet');
    await page.getByTestId('lang-switch').click();
  });

  test('login guard: menu entries and guarded controls open the login dialog', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByTestId('topbar').getByTestId('menu-item-/personal-center').click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await shot(page, testInfo, 'login-dialog', false);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-dialog')).toBeHidden();

    await page.goto('/personal-center');
    await expect(page.getByTestId('login-required-page')).toBeVisible();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/ai-cutout');
    await page.getByTestId('generate-button').click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await expect(page.getByTestId('task-progress')).toHaveCount(0);
  });

  test('?token= leaves the address at once and is ignored outside a partner host', async ({ page, request }) => {
    const { token } = await registerThroughApi(request);
    await page.goto(`/personal-center?token=${encodeURIComponent(token)}&x=1`);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    expect(new URL(page.url()).searchParams.get('x')).toBe('1');
    await expect(page.getByTestId('login-required-page')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeNull();
  });

  test('?token= on a partner host (url_token_login) is stored as the bearer credential and removed from the address', async ({ page, request, baseURL }, testInfo) => {
    const { phone, token } = await registerThroughApi(request);
    // scripts/test serves a partner brand on the host "localhost" (brands file with url_token_login).
    const partner = new URL(baseURL ?? '');
    partner.hostname = 'localhost';
    await page.goto(`${partner.origin}/personal-center?token=${encodeURIComponent(token)}&x=1`);
    await expect(page.getByTestId('personal-account')).toHaveText(phone);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    expect(new URL(page.url()).searchParams.get('x')).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBe(token);
    await expect(page.getByTestId('user-account')).toHaveText(phone);
    await expect(page.getByTestId('retention')).toContainText('免费版');
    await expect(page.getByTestId('retention')).toContainText('7 天');
    await expect(page.getByTestId('creation-history')).toBeVisible();
    await shot(page, testInfo, 'personal-center');
  });

  test('language switch rebuilds menus and page texts', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByTestId('lang-switch').click();
    await expect(page.getByTestId('topbar').getByTestId('menu-group-ai-photo')).toContainText('AI commerce photography');
    await expect(page.getByTestId('topbar').getByTestId('menu-group-creation-space')).toHaveText('Creation space');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('I18_NEXT_LANGUAGE'))).toBe('en');
    await shot(page, testInfo, 'home-en');
    await page.reload();
    await expect(page.getByTestId('topbar').getByTestId('menu-group-home')).toHaveText('Home');
    await page.getByTestId('lang-switch').click();
    await expect(page.getByTestId('topbar').getByTestId('menu-group-home')).toHaveText('首页');
  });

  test('two brands show different names, colours, menus and routes', async ({ page }, testInfo) => {
    await page.goto('/?brand=modi-demo');
    await expect(page.getByTestId('brand-name')).toHaveText('MODI Demo');
    await expect(page.getByTestId('topbar').getByTestId('menu-group-ai-photo')).toBeVisible();
    await expect(page.getByTestId('menu-group-creation-space')).toHaveCount(0);
    expect(await primaryColor(page)).toBe('#0f9d58');
    await expect(page).toHaveTitle('MODI Demo');
    await shot(page, testInfo, 'brand-modi-demo');

    // The brand is kept for the visit; a path it lacks answers 403.
    await page.goto('/personal-center');
    await expect(page.getByTestId('forbidden-page')).toBeVisible();
    await expect(page.getByTestId('brand-name')).toHaveText('MODI Demo');
    await page.goto('/ai-cutout');
    await expect(page.getByTestId('generate-button')).toBeVisible();
  });

  test('a referrer can hide the header, side bar and floating window', async ({ page }) => {
    await page.goto('/?referrer=partner-x');
    await expect(page.locator('.hero')).toBeVisible();
    await expect(page.getByTestId('topbar')).toHaveCount(0);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('float-helper')).toHaveCount(0);
    await page.goto('/?headHidden=1&referrer=');
    await expect(page.getByTestId('topbar')).toHaveCount(0);
  });

  test('back-to-top appears on / once scrolled 936 px', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('.hero')).toBeVisible();
    await page.evaluate(() => (document.body.style.minHeight = '4000px'));
    await expect(page.getByTestId('back-to-top')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForTimeout(400);
    await expect(page.getByTestId('back-to-top')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(page.getByTestId('back-to-top')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('desktop-back-to-top.png') });
    await page.getByTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId('back-to-top')).toHaveCount(0);

    await page.goto('/ai-cutout');
    await page.evaluate(() => (document.body.style.minHeight = '4000px'));
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForTimeout(400);
    await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  });

  test('agreements: zh and En variants', async ({ page }, testInfo) => {
    await page.goto('/user-agreement?file=privacyPolicyEn');
    await expect(page.getByTestId('agreement')).toContainText('What is stored');
    await page.goto('/user-agreement?file=three');
    await expect(page.getByTestId('agreement')).toContainText('ONNX Runtime');
    await page.goto('/user-agreement?file=userAgreement');
    await expect(page.getByTestId('agreement')).toContainText('免费版 7 天');
    await shot(page, testInfo, 'user-agreement');
  });
});

test.describe('mobile shell @mobile', () => {

  test('mobile route set: header, route title and the sub-page dropdown', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
    await expect(page.getByTestId('topbar')).toHaveCount(0);
    await expect(page.getByTestId('mobile-title')).toHaveText('首页');
    await page.getByTestId('mobile-switch').click();
    const dropdown = page.getByTestId('mobile-dropdown');
    await expect(dropdown.getByTestId('mobile-item-/ai-cutout')).toBeVisible();
    await expect(dropdown.getByTestId('mobile-item-/personal-center')).toBeVisible();
    // The current page is not offered; the template library (posters) is.
    await expect(dropdown.getByTestId('mobile-item-/')).toHaveCount(0);
    await expect(dropdown.getByTestId('mobile-item-/member')).toBeVisible();
    await expect(dropdown.getByTestId('mobile-item-/template')).toBeVisible();
    await shot(page, testInfo, 'home-dropdown', false);

    await dropdown.getByTestId('mobile-item-/ai-cutout').click();
    await expect(page).toHaveURL(/\/ai-cutout$/);
    await expect(page.getByTestId('mobile-title')).toHaveText('AI抠图');
    await page.getByTestId('mobile-switch').click();
    await expect(page.getByTestId('mobile-item-/ai-cutout')).toHaveCount(0);
    await expect(page.getByTestId('mobile-item-/')).toBeVisible();
    await page.getByTestId('mobile-switch').click();
    await shot(page, testInfo, 'ai-cutout');
  });

  test('unknown paths go to the root; /403 shows the no-permission image', async ({ page }, testInfo) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('mobile-title')).toHaveText('首页');
    await page.goto('/403');
    await expect(page.getByTestId('forbidden-image')).toBeVisible();
    await shot(page, testInfo, 'forbidden');
  });

  test('the standalone video path keeps the desktop route set', async ({ page }) => {
    await page.goto('/ai-video-single');
    await expect(page.locator('[data-layout="desktop"]')).toBeVisible();
    await expect(page.getByTestId('forbidden-page')).toHaveCount(0);
  });

  test('login overlay and guarded sub-pages', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByTestId('mobile-switch').click();
    await page.getByTestId('mobile-item-/personal-center').click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await shot(page, testInfo, 'login-overlay', false);
    await page.getByTestId('login-dialog').getByTestId('modal-close').click();
    await expect(page.getByTestId('login-dialog')).toBeHidden();
  });

  test('signed in, the header shows the remaining lingshi', async ({ page, request }, testInfo) => {
    const { token } = await registerThroughApi(request);
    await signInWithToken(page, token);
    await page.goto('/personal-center');
    await expect(page.getByTestId('mobile-lingshi')).toContainText('剩余灵石');
    await expect(page.getByTestId('mobile-title')).toHaveText('创作空间');
    await expect(page.getByTestId('retention')).toContainText('7 天');
    await shot(page, testInfo, 'personal-center');
  });

  test('language switch on mobile', async ({ page }) => {
    await page.goto('/ai-cutout');
    await page.getByTestId('lang-switch').click();
    await expect(page.getByTestId('mobile-title')).toHaveText('AI Cutout');
    await page.getByTestId('lang-switch').click();
    await expect(page.getByTestId('mobile-title')).toHaveText('AI抠图');
  });

  test('agreements open in a modal frame on mobile', async ({ page }, testInfo) => {
    await page.goto('/user-agreement?file=userAgreementEn');
    await expect(page.getByTestId('agreement-modal')).toBeVisible();
    await expect(page.getByTestId('agreement')).toContainText('Your account');
    await shot(page, testInfo, 'user-agreement', false);
  });

  test('two brands offer different sub-pages', async ({ page }, testInfo) => {
    await page.goto('/?brand=modi-demo');
    await expect(page.getByTestId('mobile-title')).toHaveText('首页');
    expect(await primaryColor(page)).toBe('#0f9d58');
    await page.getByTestId('mobile-switch').click();
    await expect(page.getByTestId('mobile-item-/ai-cutout')).toBeVisible();
    await expect(page.getByTestId('mobile-item-/personal-center')).toHaveCount(0);
    await shot(page, testInfo, 'brand-modi-demo');
  });
});
