/**
 * PRODUCT_IMAGE (/ai-product-image, /product-bg, /batch-copy-bg): the
 * product on a new background. Options mirror
 * shared/src/domain/task_spec/product_image.rs; the price and the bounds
 * are the server's (`GET /api/task-types`, lib/taskTypes).
 */
import { fileExtension } from '../../lib/api/downloads';
import type { Task } from '../../lib/api/tasks';
import type { RemoteFile } from '../../lib/zip';

export const PRODUCT_IMAGE_BIZ_TYPE = 'PRODUCT_IMAGE';
/** The server's limits a product form is built with. */
export const PRODUCT_LIMITS = ['genNumMax', 'erodeMax', 'erodeDefault'] as const;
export type ProductLimits = Record<(typeof PRODUCT_LIMITS)[number], number>;

export const RATIOS = ['original', '1:1', '3:4', '16:9', '9:16'] as const;
export type Ratio = (typeof RATIOS)[number];
export const FORMATS = ['png', 'jpeg'] as const;
export type Format = (typeof FORMATS)[number];

/** The original app's 7-colour background palette (lib/plans, shared with the poster editor). */
export { PALETTE } from '../../lib/plans';
import { PALETTE } from '../../lib/plans';

export type BackgroundChoice =
  | { kind: 'palette'; hex: string }
  | { kind: 'custom'; hex: string }
  | { kind: 'gradient'; from: string; to: string }
  | { kind: 'template'; id: string }
  | { kind: 'upload'; url: string | null };

export interface ProductForm {
  imageUrl: string | null;
  background: BackgroundChoice;
  /** The original app's scale slider, 0..100 (factor 1..1.6). */
  scale: number;
  /** null: the server's erodeDefault, until the user moves the slider. */
  erodeSize: number | null;
  ratio: Ratio;
  format: Format;
  genNum: number;
  reflection: boolean;
}

/** Route presets: the same page, different defaults. */
export type ProductRouteKey = 'productImage' | 'productBg';
export function initialForm(route: ProductRouteKey): ProductForm {
  return {
    imageUrl: null,
    background: route === 'productBg' ? { kind: 'template', id: 'studio-light' } : { kind: 'palette', hex: PALETTE[0].hex },
    scale: 0,
    erodeSize: null,
    ratio: '1:1',
    format: 'png',
    genNum: route === 'productBg' ? 2 : 1,
    reflection: false,
  };
}

export function isPaletteColour(hex: string): boolean {
  return PALETTE.some((p) => p.hex.toLowerCase() === hex.toLowerCase());
}

/** Whether the choice needs the paid-tier custom colour benefit. */
export function usesCustomColour(bg: BackgroundChoice): boolean {
  if (bg.kind === 'custom') return !isPaletteColour(bg.hex);
  if (bg.kind === 'gradient') return !isPaletteColour(bg.from) || !isPaletteColour(bg.to);
  return false;
}

export type ProductParams = Record<string, string | number | boolean | { from: string; to: string }>;

/** genNum as sent and shown: the route's preset, within the server's bound. */
export const genNumOf = (form: ProductForm, limits: ProductLimits) => Math.min(Math.max(1, form.genNum), limits.genNumMax);

/** The task params, or the i18n key of what is missing. */
export function buildParams(form: ProductForm, limits: ProductLimits, imageUrl = form.imageUrl): { params: ProductParams } | { missing: string } {
  if (!imageUrl) return { missing: 'productImage.needImage' };
  const params: ProductParams = {
    imageUrl,
    scale: form.scale,
    erodeSize: Math.min(form.erodeSize ?? limits.erodeDefault, limits.erodeMax),
    ratio: form.ratio,
    format: form.format,
    genNum: genNumOf(form, limits),
    reflection: form.reflection,
  };
  const bg = form.background;
  switch (bg.kind) {
    case 'palette':
    case 'custom':
      params.backgroundColor = bg.hex.toUpperCase();
      break;
    case 'gradient':
      params.gradient = { from: bg.from.toUpperCase(), to: bg.to.toUpperCase() };
      break;
    case 'template':
      params.backgroundId = bg.id;
      break;
    case 'upload':
      if (!bg.url) return { missing: 'productImage.needBackground' };
      params.backgroundUrl = bg.url;
      break;
  }
  return { params };
}

/** Preset gradients offered next to the free-form one. */
export const GRADIENTS = [
  { from: '#FFFFFF', to: '#E5E6E8' },
  { from: '#D6E8F7', to: '#B8C4D0' },
  { from: '#FBF6E9', to: '#EADCC4' },
  { from: '#E5E6E8', to: '#4A4D52' },
] as const;

export const resultFileName = (taskId: string, i: number, format: string) =>
  `product-${taskId}-${i + 1}.${format === 'jpeg' ? 'jpg' : 'png'}`;

export { allowsBatch, batchLimit, BATCH_TIERS } from '../../lib/plans';

/** What "download all" saves for a batch: `batch-copy-bg-<first 8 of the batch id>.zip`. */
export const batchZipName = (batchId: string) => `batch-copy-bg-${batchId.slice(0, 8)}.zip`;

/** Every finished image of the batch, named as its own download button names it. */
export function batchFiles(tasks: readonly Task[]): RemoteFile[] {
  return tasks
    .filter((task) => task.status === 'SUCCESS')
    .flatMap((task) =>
      (task.results ?? [])
        .filter((r) => r.kind === 'image')
        .map((r, i) => ({ url: r.url, name: `product-${task.taskId}-${i + 1}.${fileExtension(r.url)}` })),
    );
}
