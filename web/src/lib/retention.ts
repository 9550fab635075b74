/** History retention per plan tier, in days. */
export type ProductType = 'free' | 'basic' | 'professional' | 'premium' | 'flagship' | 'enterprise';

export const RETENTION_DAYS: Record<ProductType, number> = {
  free: 7,
  basic: 30,
  professional: 100,
  premium: 100,
  flagship: 365,
  enterprise: 365,
};

export function isProductType(v: unknown): v is ProductType {
  return typeof v === 'string' && v in RETENTION_DAYS;
}

/** Days a tier keeps its history; an unknown or missing tier counts as free. */
export function retentionDays(productType: string | null | undefined): number {
  return isProductType(productType) ? RETENTION_DAYS[productType] : RETENTION_DAYS.free;
}
