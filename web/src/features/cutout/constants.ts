/** /ai-cutout: the MATTING_IMAGE task and its models; its price is the server's (lib/taskTypes). */
export const CUTOUT_BIZ_TYPE = 'MATTING_IMAGE';

export type CutoutModel = 'fused' | 'isnet' | 'u2net' | 'u2netp';
export const CUTOUT_MODELS = [
  { id: 'fused', label: 'cutout.model.fused' },
  { id: 'isnet', label: 'cutout.model.isnet' },
  { id: 'u2net', label: 'cutout.model.u2net' },
  { id: 'u2netp', label: 'cutout.model.u2netp' },
] as const satisfies readonly { id: CutoutModel; label: string }[];
export const DEFAULT_CUTOUT_MODEL: CutoutModel = 'fused';

export const cutoutFileName = (taskId: string) => `cutout-${taskId}.png`;
export const maskFileName = (taskId: string) => `mask-${taskId}.png`;

export interface CutoutParams {
  imageUrl: string;
  model?: CutoutModel;
}
