/**
 * What each generation page does for a merchant, and whether it can be used
 * now. A page whose task type the fleet cannot serve (its model weights are
 * not installed, or only non-commercial models would serve it) is "coming
 * soon": merchants see what it will do; operators find what to install on
 * the admin page.
 */
import type { PageId, RouteDef } from '../routes/registry';
import { useCapabilities, type Capabilities, type CapabilityState } from '../../lib/capabilities';
import { CUTOUT_BIZ_TYPE } from '../../features/cutout/constants';
import { DIFFUSION_ROUTES } from '../../features/diffusion/constants';
import { PRODUCT_IMAGE_BIZ_TYPE } from '../../features/product-image/constants';
import { QR_BIZ_TYPE } from '../../features/qr-code/constants';
import { REWRITE_BG_BIZ_TYPE } from '../../features/rewrite-background/constants';
import { ARTICLE_REWRITE_BIZ_TYPE, TEXT_REWRITE_BIZ_TYPE } from '../../features/text-rewrite/constants';
import { IMAGE_REWRITE_BIZ_TYPE, VIDEO_REWRITE_BIZ_TYPE } from '../../features/text-rewrite/media';
import { TOPIC_BIZ_TYPE } from '../../features/text-rewrite/topic';
import { VIDEO_BIZ_TYPE } from '../../features/video/constants';

/** The generation pages and the task type each one submits (from each feature's constants). */
export const FEATURE_BIZ_TYPES = {
  cutout: CUTOUT_BIZ_TYPE,
  productImage: PRODUCT_IMAGE_BIZ_TYPE,
  productBg: PRODUCT_IMAGE_BIZ_TYPE,
  batchCopyBg: PRODUCT_IMAGE_BIZ_TYPE,
  rewriteBackground: REWRITE_BG_BIZ_TYPE,
  qrCode: QR_BIZ_TYPE,
  video: VIDEO_BIZ_TYPE,
  rewriteText: TEXT_REWRITE_BIZ_TYPE,
  rewriteArticle: ARTICLE_REWRITE_BIZ_TYPE,
  topicGenerate: TOPIC_BIZ_TYPE,
  rewriteImage: IMAGE_REWRITE_BIZ_TYPE,
  rewriteVideo: VIDEO_REWRITE_BIZ_TYPE,
  mannequin: DIFFUSION_ROUTES.mannequin.bizType,
  modelPhoto: DIFFUSION_ROUTES.modelPhoto.bizType,
  shoes: DIFFUSION_ROUTES.shoes.bizType,
  wig: DIFFUSION_ROUTES.wig.bizType,
  customizedModels: DIFFUSION_ROUTES.customizedModels.bizType,
  customizedAnimal: DIFFUSION_ROUTES.customizedAnimal.bizType,
  tryon: DIFFUSION_ROUTES.tryon.bizType,
} as const satisfies Partial<Record<PageId, string>>;

export type FeaturePage = keyof typeof FEATURE_BIZ_TYPES;

export function isFeaturePage(page: PageId | null | undefined): page is FeaturePage {
  return !!page && page in FEATURE_BIZ_TYPES;
}

/** States in which the API refuses the task type: the feature is not open yet. */
const GATED: readonly CapabilityState[] = ['modelMissing', 'notAllowed'];

export function isGated(state: CapabilityState | undefined): boolean {
  return !!state && GATED.includes(state);
}

/** A route whose page is a generation feature. */
export type FeatureRoute = RouteDef & { page: FeaturePage };

export interface FeatureLists {
  live: FeatureRoute[];
  soon: FeatureRoute[];
}

/**
 * Splits the menu's tool pages into those a merchant can use and those
 * coming soon. While the capabilities are unknown every page counts as
 * live: the page itself gates its form, and the API its submits.
 */
export function splitFeatures(defs: readonly RouteDef[], capabilities: Capabilities | undefined): FeatureLists {
  const live: FeatureRoute[] = [];
  const soon: FeatureRoute[] = [];
  for (const def of defs) {
    const page = def.page;
    if (!isFeaturePage(page)) continue;
    const state = capabilities?.bizTypes[FEATURE_BIZ_TYPES[page]]?.state;
    (isGated(state) ? soon : live).push({ ...def, page });
  }
  return { live, soon };
}

/** Whether a route's feature is coming soon for the caller (false while unknown). */
export function useComingSoon(def: RouteDef): boolean {
  const { capabilities } = useCapabilities();
  const page = def.page;
  if (!isFeaturePage(page)) return false;
  return isGated(capabilities?.bizTypes[FEATURE_BIZ_TYPES[page]]?.state);
}
