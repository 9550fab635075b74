import type { Page, TestInfo } from '@playwright/test';

/** A full-page screenshot named with the viewport size, attached to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const file = testInfo.outputPath(`${name}-${width}x${height}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** A canvas point of the poster stage in page coordinates. */
export async function stagePoint(page: Page, x: number, y: number) {
  const stage = page.getByTestId('poster-stage');
  await stage.scrollIntoViewIfNeeded();
  const box = await stage.boundingBox();
  const scale = Number(await stage.getAttribute('data-scale'));
  if (!box || !scale) throw new Error('no poster stage');
  return { x: box.x + x * scale, y: box.y + y * scale };
}
