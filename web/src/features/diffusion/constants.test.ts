import { describe, expect, it } from 'vitest';
import { buildParams, DIFFUSION_ROUTES, initialForm } from './constants';

describe('diffusion params', () => {
  it('defaults genNum to 4 and ratio to original', () => {
    const r = buildParams(DIFFUSION_ROUTES.mannequin, { ...initialForm(), image: '/api/files/uploads/x' });
    expect(r).toEqual({ params: { imageUrl: '/api/files/uploads/x', genNum: 4, ratio: 'original' } });
  });

  it('try-on needs the garment and sends tryonType', () => {
    const form = { ...initialForm(), image: '/a' };
    expect(buildParams(DIFFUSION_ROUTES.tryon, form)).toEqual({ missing: 'diffusion.needGarment' });
    const r = buildParams(DIFFUSION_ROUTES.tryon, { ...form, garment: '/g', tryonType: 'set' });
    expect(r).toEqual({ params: { imageUrl: '/a', garmentUrl: '/g', tryonType: 'set', genNum: 4, ratio: 'original' } });
  });

  it('pets send petImageId and only the route fields', () => {
    const r = buildParams(DIFFUSION_ROUTES.customizedAnimal, {
      ...initialForm(),
      image: '/p',
      genNum: 9,
      values: { styleId: ' 3 ', modelId: 'ignored' },
    });
    expect(r).toEqual({ params: { petImageId: '/p', genNum: 4, ratio: 'original', styleId: '3' } });
  });

  it('asks for the image first', () => {
    expect(buildParams(DIFFUSION_ROUTES.shoes, initialForm())).toEqual({ missing: 'diffusion.needImage' });
  });
});
