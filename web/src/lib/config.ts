/**
 * The tenant/brand configuration the API serves at `GET /api/config`
 * (`?brand=<id>`): brand name, logo, colours, contact, which menu groups and
 * routes exist, what is hidden on which paths and for which referrers, and
 * global feature flags. The brand id comes from `?brand=` at startup and is
 * kept in sessionStorage (PIXMART_BRAND) for the rest of the visit.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from './api/client';
import type { components } from './api/schema';
import { useToken } from './session';

export const BRAND_STORAGE_KEY = 'PIXMART_BRAND';
export const DEFAULT_PRIMARY_COLOR = '#2352d8';

type Schemas = components['schemas'];

/**
 * Operator contact shown by "contact adviser"; the web also reads fields.
 * (The API's BrandDto sends `contact` as text or null only.)
 */
export type BrandContact =
  | string
  | { name?: string | null; phone?: string | null; email?: string | null; wechat?: string | null; note?: string | null };

/**
 * The brand after `normalizeConfig` (every field set). Not the API's
 * BrandDto: `contact` there is `string | null`, and `logoUrl`, `contact`,
 * `tutorialUrl` are optional.
 */
export interface Brand {
  id: string;
  name: string;
  logoUrl: string | null;
  primaryColor: string;
  contact: BrandContact | null;
  tutorialUrl: string | null;
}

/**
 * Chrome a tenant or a referrer hides (the API's ChromeSwitches; its
 * `hidePoints` hides the lingshi balance).
 */
export type ReferrerConfig = Schemas['ChromeSwitches'];

/** The signed-in user's tenant, when the configuration was merged for one. */
export type TenantInfo = Schemas['TenantDto'];

/**
 * Which entries the shell shows, and whether the logo goes home; every one
 * set after `normalizeConfig` (the API's EntrySwitches leaves each optional:
 * on unless switched off).
 */
export interface EntrySwitches {
  invite: boolean;
  messages: boolean;
  enterpriseService: boolean;
  logoNavigates: boolean;
}

/** The enterprise-service button: open /mott, or take a contact and leave for `url`. */
export type EnterpriseServiceAction = Schemas['EnterpriseService'];

/**
 * `GET /api/config` after `normalizeConfig`: the API's ConfigDto with every
 * part filled, `brand` and `entries` as above, and `flags` open to any
 * boolean flag (the API's FlagsDto: `customizedImage`, `urlTokenLogin`).
 */
export interface AppConfig {
  brand: Brand;
  menuGroups: string[];
  routes: string[];
  hidden: Schemas['HiddenDto'];
  referrers: Record<string, ReferrerConfig>;
  flags: { customizedImage: boolean } & Record<string, boolean>;
  /** A tenant's chrome hiding, for every page (referrers add to it). */
  chrome: ReferrerConfig;
  entries: EntrySwitches;
  enterpriseService: EnterpriseServiceAction;
  tenant: TenantInfo | null;
}

export const DEFAULT_ENTRIES: EntrySwitches = { invite: true, messages: true, enterpriseService: true, logoNavigates: true };

/**
 * Used while `/api/config` loads and if it cannot be had: the default
 * brand as the API describes it, so the app still works.
 */
export const DEFAULT_CONFIG: AppConfig = {
  brand: {
    id: 'pixmart',
    name: 'pixmart',
    logoUrl: null,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    contact: null,
    tutorialUrl: null,
  },
  menuGroups: ['home', 'ai-photo', 'creation-space', 'benefit-centre'],
  routes: ['/', '/ai-cutout', '/personal-center', '/personal-setting', '/member', '/user-agreement'],
  hidden: { headerPaths: [], sidebarPaths: [] },
  referrers: {},
  flags: { customizedImage: false },
  chrome: {},
  entries: DEFAULT_ENTRIES,
  enterpriseService: { mode: 'contact', url: null },
  tenant: null,
};

/** Fills what an answer leaves out from the defaults, so readers need no checks. */
export function normalizeConfig(raw: Partial<AppConfig> | null | undefined): AppConfig {
  const d = DEFAULT_CONFIG;
  const c = raw ?? {};
  const brand: Partial<Brand> = c.brand ?? {};
  const isColor = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(v);
  return {
    brand: {
      id: brand.id || d.brand.id,
      name: brand.name || d.brand.name,
      logoUrl: brand.logoUrl || null,
      primaryColor: isColor(brand.primaryColor) ? brand.primaryColor : d.brand.primaryColor,
      contact: brand.contact || null,
      tutorialUrl: brand.tutorialUrl || null,
    },
    menuGroups: Array.isArray(c.menuGroups) ? c.menuGroups : d.menuGroups,
    routes: Array.isArray(c.routes) ? c.routes : d.routes,
    hidden: {
      headerPaths: c.hidden?.headerPaths ?? [],
      sidebarPaths: c.hidden?.sidebarPaths ?? [],
    },
    referrers: c.referrers ?? {},
    flags: { ...c.flags, customizedImage: !!c.flags?.customizedImage },
    chrome: c.chrome ?? {},
    entries: { ...DEFAULT_ENTRIES, ...c.entries },
    enterpriseService: c.enterpriseService?.mode === 'mott' ? { mode: 'mott' } : { mode: 'contact', url: c.enterpriseService?.url ?? null },
    tenant: c.tenant ?? null,
  };
}

export function getStoredBrand(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(BRAND_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps `?brand=` from the startup address for the rest of the visit. */
export function rememberBrand(search: string): string | null {
  const brand = new URLSearchParams(search).get('brand');
  if (brand) {
    try {
      globalThis.sessionStorage?.setItem(BRAND_STORAGE_KEY, brand);
    } catch {
      // storage unavailable: this page load only
      return brand;
    }
  }
  return brand || getStoredBrand();
}

/** Keyed by the token too: a tenant member's configuration differs from a visitor's. */
export const configKey = (brand: string | null, token: string | null = null) => ['config', brand ?? '', token ?? ''] as const;

export async function fetchConfig(brand: string | null, signal?: AbortSignal): Promise<AppConfig> {
  const data = await request<Partial<AppConfig>>('/config', { query: { brand }, signal, silent: true });
  return normalizeConfig(data);
}

/** The configuration; the defaults until it arrives (or if it never does). */
export function useAppConfig(): { config: AppConfig; loaded: boolean; failed: boolean } {
  const brand = getStoredBrand();
  const token = useToken();
  const q = useQuery({
    queryKey: configKey(brand, token),
    queryFn: ({ signal }) => fetchConfig(brand, signal),
    staleTime: Infinity,
    retry: 1,
    placeholderData: (previous) => previous,
  });
  // While a new key loads (sign-in, sign-out) the last configuration stays (placeholderData).
  return { config: q.data ?? DEFAULT_CONFIG, loaded: q.isSuccess || q.isError, failed: q.isError };
}
