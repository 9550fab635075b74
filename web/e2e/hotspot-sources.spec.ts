import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { grantAdmin } from './helpers/admin';
import { registerThroughApi, signInWithToken } from './helpers/api';

const SOURCE_NAME = 'e2e 源';
// Nothing listens there: the fetch fails (refused as a private address, or unreachable where those are allowed).
const SOURCE_URL = 'http://127.0.0.1:9/feed.xml';

/** Removes the sources an earlier, interrupted run of this spec left behind, so its row is the only one. */
async function removeSourcesNamed(request: APIRequestContext, token: string, name: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.get('/api/admin/hotspot-sources', { headers });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { list: { id: string; name: string }[] } };
  for (const s of data.list.filter((s) => s.name === name)) {
    expect((await request.delete(`/api/admin/hotspot-sources/${s.id}`, { headers })).ok()).toBe(true);
  }
}

/** Three rows, the second without a title; titles unique per run so an earlier import cannot make them duplicates. */
function writeCsv(): string {
  const stamp = Date.now();
  const csv = [
    'title,summary,url,picUrl,kind,platform,heat',
    `e2e 热点 A ${stamp},第一条,https://example.com/a-${stamp},https://example.com/a.png,topic,weibo,1200`,
    `,没有标题,https://example.com/b-${stamp},,topic,weibo,10`,
    `e2e 热点 C ${stamp},第三条,https://example.com/c-${stamp},https://example.com/c.png,note,redbook,800`,
  ].join('\n');
  const file = join(mkdtempSync(join(tmpdir(), 'pixmart-hotspots-')), 'hotspots.csv');
  writeFileSync(file, `${csv}\n`);
  return file;
}

test('an admin adds a feed that fails, sees its error, imports a CSV and deletes the feed', async ({ page, request }, testInfo) => {
  // The refresh waits for a worker's next poll (every 60 s).
  test.setTimeout(240_000);
  const { phone, token } = await registerThroughApi(request);
  grantAdmin(phone);
  await removeSourcesNamed(request, token, SOURCE_NAME);
  await signInWithToken(page, token);

  await page.goto('/admin');
  await page.getByTestId('admin-nav-sources').click();
  await expect(page).toHaveURL(/\/admin\/hotspot-sources$/);
  await expect(page.getByTestId('hotspot-sources-page')).toBeVisible();

  await page.getByTestId('source-name').fill(SOURCE_NAME);
  await page.getByTestId('source-format').selectOption('rss');
  await page.getByTestId('source-url').fill(SOURCE_URL);
  await page.getByTestId('source-platform').selectOption('other');
  await page.getByTestId('source-kind').selectOption('topic');
  await page.getByTestId('source-interval').fill('60');
  await page.getByTestId('source-submit').click();
  const row = page.getByTestId('source-row').filter({ hasText: SOURCE_NAME });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('source-form-error')).toHaveCount(0);

  await row.getByTestId('source-refresh').click();
  // The list refreshes every 5 s, so the failed fetch shows up without a reload.
  const status = row.getByTestId('source-status');
  await expect(status).toHaveAttribute('data-state', 'error', { timeout: 90_000 });
  await expect(status).not.toBeEmpty();
  await expect(status).toHaveCSS('color', 'rgb(217, 48, 38)');
  await page.screenshot({ path: testInfo.outputPath('hotspot-source-error.png'), fullPage: true });

  await page.getByTestId('import-file').setInputFiles(writeCsv());
  await page.getByTestId('import-submit').click();
  const report = page.getByTestId('import-report');
  await expect(report).toHaveAttribute('data-imported', '2');
  await expect(page.getByTestId('import-summary')).toContainText('导入 2 条');
  await expect(page.getByTestId('import-row-error')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('hotspot-import-report.png'), fullPage: true });

  await row.getByTestId('source-delete').click();
  await page.getByTestId('source-delete-confirm').getByTestId('confirm-ok').click();
  await expect(row).toHaveCount(0);
});
