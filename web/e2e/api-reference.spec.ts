import { expect, test } from '@playwright/test';

/**
 * The API reference page (`/api-reference/`, built from web/api-reference/)
 * renders the OpenAPI document the API serves at /api/openapi.json with the
 * vendored Swagger UI: it shows the document's title and its operations,
 * and every request it makes stays on this origin (no CDN, no web fonts, no
 * online validator), as the API's Content-Security-Policy requires.
 */
test('api reference: renders /api/openapi.json without leaving the origin', async ({ page, request, baseURL }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.ok()).toBeTruthy();
  const doc = (await res.json()) as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(doc.paths)).toContain('/api/tasks');

  const origin = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) elsewhere.push(req.url());
  });
  const blocked: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
  });

  const response = await page.goto('/api-reference/');
  expect(response?.ok()).toBeTruthy();
  expect(response?.headers()['content-type'] ?? '').toContain('text/html');

  await expect(page.locator('.swagger-ui .info .title')).toContainText(doc.info.title);
  const tasks = page.locator('.opblock-summary-path[data-path="/api/tasks"]');
  await expect(tasks.first()).toBeVisible();
  await expect(tasks.first()).toContainText('/api/tasks');

  await page.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
  expect(blocked).toEqual([]);
});
