import { devices, expect, test, type APIRequestContext } from '@playwright/test';
import { layoutProblems } from './helpers/layout';
import { openSettled, settle, signInMerchant } from './helpers/pages';

/** POST /v1.0/removebg with `key`: remove.bg's status and error code. */
async function removeBg(request: APIRequestContext, key: string | null): Promise<[number, string]> {
  const res = await request.post('/v1.0/removebg', {
    headers: key ? { 'X-Api-Key': key } : {},
    multipart: { image_file: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not an image') } },
  });
  const body = (await res.json()) as { errors: { code: string }[] };
  return [res.status(), body.errors[0]?.code ?? ''];
}

test.describe('API keys in the personal settings', () => {
  test('a key is shown once, works on the remove.bg API, and stops working when revoked', async ({ page, request }) => {
    await signInMerchant(page, request);
    await openSettled(page, '/personal-setting');
    const section = page.getByTestId('api-keys');
    await expect(section.getByTestId('api-keys-empty')).toBeVisible();
    await section.getByTestId('api-key-name').fill('shop plugin');
    await section.getByTestId('api-key-create').click();
    const secret = (await section.getByTestId('api-key-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^pmk_[0-9a-f]{64}$/);
    await expect(section.getByTestId('api-key-item')).toHaveCount(1);
    await expect(section.getByTestId('api-key-item')).toContainText(secret.slice(0, 12));

    // The key is accepted (the request fails only on its image); no key is not.
    expect(await removeBg(request, secret)).toEqual([400, 'invalid_image']);
    expect(await removeBg(request, null)).toEqual([403, 'auth_failed']);
    await page.reload();
    await settle(page);
    await expect(section.getByTestId('api-key-secret')).toHaveCount(0);
    await expect(section.getByTestId('api-key-last-used')).not.toContainText('从未使用');

    await section.getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-confirm').getByTestId('confirm-ok').click();
    await expect(section.getByTestId('api-keys-empty')).toBeVisible();
    expect(await removeBg(request, secret)).toEqual([403, 'auth_failed']);
  });

  test.describe('on a phone', () => {
    // The phone's user agent: the app serves its mobile route set.
    const phone = devices['Pixel 7'];
    test.use({ userAgent: phone.userAgent, viewport: phone.viewport, isMobile: true, hasTouch: true });

    test('the section with a new key and its secret fits the screen', async ({ page, request }) => {
      await signInMerchant(page, request);
      await openSettled(page, '/personal-setting');
      const section = page.getByTestId('api-keys');
      await section.getByTestId('api-key-name').fill('一个相当长的插件名称，用来测试换行效果');
      await section.getByTestId('api-key-create').click();
      await expect(section.getByTestId('api-key-secret')).toBeVisible();
      await expect(section.getByTestId('api-key-item')).toHaveCount(1);
      await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
      expect(await layoutProblems(page)).toEqual([]);
    });
  });
});
