/**
 * Background replication (/rewrite-background): PRODUCT_IMAGE with taskType
 * BACKGROUND_REPRODUCE. Options mirror
 * shared/src/domain/task_spec/background_reproduce.rs; the per-image price
 * and the bounds are PRODUCT_IMAGE's, as the server serves them
 * (`GET /api/task-types`, lib/taskTypes).
 */
// The same bizType as the product-image pages (features do not import each other).
export const PRODUCT_IMAGE_BIZ_TYPE = 'PRODUCT_IMAGE';
/** The server's limits the form is built with (PRODUCT_IMAGE's). */
export const REWRITE_LIMITS = ['genNumMax', 'erodeMax', 'erodeDefault'] as const;
export type RewriteLimits = Record<(typeof REWRITE_LIMITS)[number], number>;
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
  /** null: the server's erodeDefault, until the user moves the slider. */
  erodeSize: number | null;
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
    erodeSize: null,
    ratio: 'original',
    genNum: 1,
  };
}

/** genNum as sent and priced: within the server's bound. */
export const rewriteGenNum = (form: RewriteBgForm, limits: RewriteLimits) => Math.min(Math.max(form.genNum, 1), limits.genNumMax);

/** The task params, or the i18n key of what is missing. */
export function buildRewriteParams(form: RewriteBgForm, limits: RewriteLimits): { params: RewriteBgParams } | { missing: string } {
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
      erodeSize: Math.min(form.erodeSize ?? limits.erodeDefault, limits.erodeMax),
      ratio: form.ratio,
      genNum: rewriteGenNum(form, limits),
    },
  };
}
