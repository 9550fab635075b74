/**
 * Background replication (/rewrite-background): PRODUCT_IMAGE with taskType
 * BACKGROUND_REPRODUCE. Options and limits mirror
 * shared/src/domain/task_spec/background_reproduce.rs.
 */
// The same bizType, limits and per-image price as the product-image pages
// (features do not import each other; shared/src/domain/task_spec holds the truth).
export const PRODUCT_IMAGE_BIZ_TYPE = 'PRODUCT_IMAGE';
export const PRODUCT_IMAGE_COST_PER_IMAGE = 5;
export const GEN_NUM_MAX = 4;
export const ERODE_MAX = 20;
export const DEFAULT_ERODE = 3;
export const RATIOS = ['original', '1:1', '3:4', '16:9', '9:16'] as const;
export type Ratio = (typeof RATIOS)[number];

export const resultFileName = (taskId: string, i: number, format: string) =>
  `rewrite-background-${taskId}-${i + 1}.${format === 'jpeg' ? 'jpg' : 'png'}`;

export const REWRITE_BG_BIZ_TYPE = PRODUCT_IMAGE_BIZ_TYPE;
export const REWRITE_BG_TASK_TYPE = 'BACKGROUND_REPRODUCE';
export const MODES = ['ACCURATE_REPLICATION', 'STYLE_IMITATION'] as const;
export type Mode = (typeof MODES)[number];
/** The original app's default denoisingStrength. */
export const DEFAULT_DENOISING = 0.55;

export interface RewriteBgForm {
  imageUrl: string | null;
  referenceUrl: string | null;
  mode: Mode;
  removeSubject: boolean;
  denoisingStrength: number;
  erodeSize: number;
  ratio: Ratio;
  genNum: number;
}

export interface RewriteBgParams {
  taskType: typeof REWRITE_BG_TASK_TYPE;
  imageUrl: string;
  referenceUrl: string;
  mode: Mode;
  removeSubject: boolean;
  denoisingStrength: number;
  erodeSize: number;
  ratio: Ratio;
  genNum: number;
}

export function initialRewriteForm(): RewriteBgForm {
  return {
    imageUrl: null,
    referenceUrl: null,
    mode: 'ACCURATE_REPLICATION',
    removeSubject: true,
    denoisingStrength: DEFAULT_DENOISING,
    erodeSize: DEFAULT_ERODE,
    ratio: 'original',
    genNum: 1,
  };
}

/** Lingshi for a submission: per generated image, as PRODUCT_IMAGE. */
export function rewriteCost(form: RewriteBgForm): number {
  return PRODUCT_IMAGE_COST_PER_IMAGE * Math.min(Math.max(form.genNum, 1), GEN_NUM_MAX);
}

/** The task params, or the i18n key of what is missing. */
export function buildRewriteParams(form: RewriteBgForm): { params: RewriteBgParams } | { missing: string } {
  if (!form.imageUrl) return { missing: 'rewriteBg.needProduct' };
  if (!form.referenceUrl) return { missing: 'rewriteBg.needReference' };
  return {
    params: {
      taskType: REWRITE_BG_TASK_TYPE,
      imageUrl: form.imageUrl,
      referenceUrl: form.referenceUrl,
      mode: form.mode,
      removeSubject: form.removeSubject,
      denoisingStrength: Math.round(Math.min(Math.max(form.denoisingStrength, 0), 1) * 100) / 100,
      erodeSize: form.erodeSize,
      ratio: form.ratio,
      genNum: form.genNum,
    },
  };
}
