import { describe, expect, it } from 'vitest';
import { limitsOf } from '../../lib/taskTypes';
import { TASK_TYPES } from '../../lib/taskTypes.fixture';
import { buildParams, DIFFUSION_LIMITS, DIFFUSION_ROUTES, initialForm, type DiffusionLimits } from './constants';

const limits = limitsOf(TASK_TYPES, 'MANNEQUIN_IMAGE', DIFFUSION_LIMITS) as DiffusionLimits;

describe('diffusion params', () => {
  it("defaults genNum to the server's genNumDefault and ratio to original", () => {
    const r = buildParams(DIFFUSION_ROUTES.mannequin, { ...initialForm(), image: '/api/files/uploads/x' }, limits);
    expect(r).toEqual({ params: { imageUrl: '/api/files/uploads/x', genNum: 4, ratio: 'original' } });
    const fewer = buildParams(DIFFUSION_ROUTES.mannequin, { ...initialForm(), image: '/x' }, { genNumMax: 4, genNumDefault: 2 });
    expect(fewer).toEqual({ params: { imageUrl: '/x', genNum: 2, ratio: 'original' } });
  });

  it('try-on needs the garment and sends tryonType', () => {
    const form = { ...initialForm(), image: '/a' };
    expect(buildParams(DIFFUSION_ROUTES.tryon, form, limits)).toEqual({ missing: 'diffusion.needGarment' });
    const r = buildParams(DIFFUSION_ROUTES.tryon, { ...form, garment: '/g', tryonType: 'set' }, limits);
    expect(r).toEqual({ params: { imageUrl: '/a', garmentUrl: '/g', tryonType: 'set', genNum: 4, ratio: 'original' } });
  });

  it("pets send petImageId and only the route fields, genNum within the server's bound", () => {
    const r = buildParams(
      DIFFUSION_ROUTES.customizedAnimal,
      {
        ...initialForm(),
        image: '/p',
        genNum: 9,
        values: { styleId: ' 3 ', modelId: 'ignored' },
      },
      limits,
    );
    expect(r).toEqual({ params: { petImageId: '/p', genNum: 4, ratio: 'original', styleId: '3' } });
  });

  it('asks for the image first', () => {
    expect(buildParams(DIFFUSION_ROUTES.shoes, initialForm(), limits)).toEqual({ missing: 'diffusion.needImage' });
  });
});
