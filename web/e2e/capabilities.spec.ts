import { expect, test } from '@playwright/test';

/**
 * The model registry as the running stack reports it (api + a worker with
 * the models scripts/fetch-models obtains here): the cutout is served and
 * its page shows the form; the diffusion types name the model they lack and
 * how an operator installs it (no model hub here).
 */
test('capabilities: the cutout is served, diffusion types name their missing models', async ({ page, request }) => {
  const res = await request.get('/api/capabilities');
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  const types = body.data.bizTypes;
  expect(types.MATTING_IMAGE.state).toBe('available');
  const mannequin = types.MANNEQUIN_IMAGE;
  expect(mannequin.state).toBe('modelMissing');
  const ids = mannequin.missingModels.map((m: { id: string }) => m.id);
  expect(ids).toEqual(expect.arrayContaining(['sd15-inpainting', 'sdxl-inpainting']));
  const sd = mannequin.missingModels.find((m: { id: string }) => m.id === 'sd15-inpainting');
  expect(sd.install).toContain('huggingface.co');
  expect(sd.licence).toBe('CreativeML OpenRAIL-M');

  await page.goto('/ai-cutout');
  await expect(page.getByTestId('generate-button')).toBeVisible();
  await expect(page.locator('[data-testid^="capability-"]')).toHaveCount(0);
});
