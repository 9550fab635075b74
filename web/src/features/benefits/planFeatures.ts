/**
 * What each tier grants, for the plan comparison. Mirrors
 * shared/src/domain/tier.rs (the API enforces it; this only describes it)
 * and lib/retention for the history.
 */
import type { components } from '../../lib/api/schema';
import type { MessageKey } from '../../lib/i18n';
import { RETENTION_DAYS, isProductType, type ProductType } from '../../lib/retention';

/** Ascending, as the server orders them. */
export const TIERS: readonly ProductType[] = ['free', 'basic', 'professional', 'premium', 'flagship', 'enterprise'];

export type Speed = components['schemas']['Speed'];

export interface TierFeatures {
  speed: Speed;
  /** 2K downloads (professional and up); below that, standard definition. */
  download2k: boolean;
  customColour: boolean;
  batch: boolean;
  /** Exclusive models, dedicated compute, API access, private customisation. */
  dedicated: boolean;
  retentionDays: number;
}

const rank = (tier: ProductType) => TIERS.indexOf(tier);

export function tierFeatures(tier: ProductType): TierFeatures {
  return {
    speed: tier === 'free' ? 'standard' : tier === 'enterprise' ? 'exclusive' : 'fast',
    download2k: rank(tier) >= rank('professional'),
    customColour: tier !== 'free',
    batch: rank(tier) >= rank('flagship'),
    dedicated: tier === 'enterprise',
    retentionDays: RETENTION_DAYS[tier],
  };
}

export interface PlanLike {
  productType?: string | null;
  months: number;
}

/**
 * The comparison's columns: free, every tier that is sold, enterprise; in
 * tier order, each once.
 */
export function comparedTiers(plans: readonly PlanLike[]): ProductType[] {
  const sold = new Set(plans.map((p) => p.productType).filter(isProductType));
  return TIERS.filter((tier) => tier === 'free' || tier === 'enterprise' || sold.has(tier));
}

/** The plan lengths on sale (1 = monthly, 12 = yearly…), shortest first: one price row each. */
export function planTerms(plans: readonly PlanLike[]): number[] {
  return [...new Set(plans.map((p) => p.months))].sort((a, b) => a - b);
}

/** The free plan's one-off gift on registration (shared/src/domain/money.rs FREE_PLAN_GIFT). */
export const FREE_GIFT = 500;

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** A plan's length in words: monthly, yearly, or "n months". */
export function planTermLabel(months: number, t: Translate): string {
  if (months === 1) return t('benefits.compare.monthly');
  if (months === 12) return t('benefits.compare.yearly');
  return t('benefits.compare.months', { n: months });
}

export interface OrderLikeProduct {
  kind: 'plan' | 'pack';
  productType?: string | null;
  months: number;
  lingshi: number;
  /** The name the server stored, in the language of the moment it was ordered. */
  name: string;
}

/**
 * An order's name in the language shown now (the stored name is in the
 * language it was ordered in): the tier and term of a plan, the lingshi of
 * a pack; the stored name for anything else.
 */
export function orderName(o: OrderLikeProduct, t: Translate, formatNumber: (n: number) => string = String): string {
  if (o.kind === 'plan' && isProductType(o.productType)) {
    return t('benefits.orders.planName', { tier: t(`tier.${o.productType}`), term: planTermLabel(o.months, t) });
  }
  if (o.kind === 'pack' && o.lingshi > 0) return t('benefits.orders.packName', { n: formatNumber(o.lingshi) });
  return o.name;
}
