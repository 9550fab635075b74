/**
 * The diffusion task family's routes and options: genNum (its default and
 * bound are the server's: genNumDefault, genNumMax), ratio (original, 1:1,
 * 3:4, 16:9, 9:16), scene, modelId, backgroundId, color, petImageId,
 * styleId; try-on tryonType split | set. Which picture fields a route asks
 * for is ours to choose where the original app is silent. Prices and limits
 * come from `GET /api/task-types` (lib/taskTypes).
 */
export type DiffusionBizType =
  | 'MANNEQUIN_IMAGE'
  | 'MODEL_IMAGE_NEW'
  | 'WIG_IMAGE'
  | 'SHOES_IMAGE'
  | 'CUSTOMIZED_MODEL'
  | 'PET_IMAGE_CUSTOMIZED'
  | 'TRY_ON';

export type DiffusionField = 'scene' | 'modelId' | 'backgroundId' | 'color' | 'styleId';

export interface DiffusionRoute {
  bizType: DiffusionBizType;
  /** i18n key prefix: `<key>.title`, `<key>.subtitle`. */
  key: string;
  fields: readonly DiffusionField[];
  /** The uploaded picture's param name (pets: petImageId). */
  imageParam: 'imageUrl' | 'petImageId';
  /** Try-on also uploads the garment. */
  garment: boolean;
}

/** The server's limits a diffusion form is built with. */
export const DIFFUSION_LIMITS = ['genNumMax', 'genNumDefault'] as const;
export type DiffusionLimits = Record<(typeof DIFFUSION_LIMITS)[number], number>;
export const RATIOS = ['original', '1:1', '3:4', '16:9', '9:16'] as const;
export type Ratio = (typeof RATIOS)[number];
export const TRYON_TYPES = ['split', 'set'] as const;
export type TryonType = (typeof TRYON_TYPES)[number];

export const DIFFUSION_ROUTES = {
  mannequin: {
    bizType: 'MANNEQUIN_IMAGE',
    key: 'diffusion.mannequin',
    fields: ['scene', 'modelId'],
    imageParam: 'imageUrl',
    garment: false,
  },
  modelPhoto: {
    bizType: 'MODEL_IMAGE_NEW',
    key: 'diffusion.modelPhoto',
    fields: ['scene', 'modelId', 'backgroundId'],
    imageParam: 'imageUrl',
    garment: false,
  },
  shoes: {
    bizType: 'SHOES_IMAGE',
    key: 'diffusion.shoes',
    fields: ['scene', 'backgroundId'],
    imageParam: 'imageUrl',
    garment: false,
  },
  wig: {
    bizType: 'WIG_IMAGE',
    key: 'diffusion.wig',
    fields: ['modelId', 'color'],
    imageParam: 'imageUrl',
    garment: false,
  },
  customizedModels: {
    bizType: 'CUSTOMIZED_MODEL',
    key: 'diffusion.customizedModels',
    fields: ['styleId', 'scene'],
    imageParam: 'imageUrl',
    garment: false,
  },
  customizedAnimal: {
    bizType: 'PET_IMAGE_CUSTOMIZED',
    key: 'diffusion.customizedAnimal',
    fields: ['styleId', 'scene'],
    imageParam: 'petImageId',
    garment: false,
  },
  tryon: {
    bizType: 'TRY_ON',
    key: 'diffusion.tryon',
    fields: [],
    imageParam: 'imageUrl',
    garment: true,
  },
} satisfies Record<string, DiffusionRoute>;

export interface DiffusionForm {
  image: string | null;
  garment: string | null;
  /** null: the server's genNumDefault, until the user picks one. */
  genNum: number | null;
  ratio: Ratio;
  tryonType: TryonType;
  values: Partial<Record<DiffusionField, string>>;
}

export function initialForm(): DiffusionForm {
  return { image: null, garment: null, genNum: null, ratio: 'original', tryonType: 'split', values: {} };
}

/** The task's params, or the i18n key of what is missing. */
export function buildParams(route: DiffusionRoute, form: DiffusionForm, limits: DiffusionLimits): { params: Record<string, unknown> } | { missing: string } {
  if (!form.image) return { missing: 'diffusion.needImage' };
  if (route.garment && !form.garment) return { missing: 'diffusion.needGarment' };
  const genNum = Math.min(limits.genNumMax, Math.max(1, Math.round(form.genNum ?? limits.genNumDefault)));
  const params: Record<string, unknown> = { [route.imageParam]: form.image, genNum, ratio: form.ratio };
  if (route.garment) {
    params.garmentUrl = form.garment;
    params.tryonType = form.tryonType;
  }
  for (const f of route.fields) {
    const v = form.values[f]?.trim();
    if (v) params[f] = v;
  }
  return { params };
}
