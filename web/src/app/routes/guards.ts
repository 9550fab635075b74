/**
 * Guard logic, pure so it is unit-tested: who may open a route, which menu
 * items show, and what the layout hides on which path and for which
 * referrer. Everything reads the one registry and the brand configuration.
 */
import type { AppConfig, ReferrerConfig } from '../../lib/config';
import type { StartupParams } from '../../lib/startup';
import { MENU_GROUPS, brandPathOf, isBuilt, type MenuGroup, type RouteDef } from './registry';

export interface GuardContext {
  /** A user id exists. */
  loggedIn: boolean;
  vipUser: boolean;
  isChatAllow: boolean;
  config: Pick<AppConfig, 'routes' | 'flags'>;
}

/**
 * ok: show the page; login: a visitor must log in first (the login dialog
 * opens); forbidden: the 403 page; not-available: the feature is not built.
 */
export type Access = 'ok' | 'login' | 'forbidden' | 'not-available';

/**
 * Paths every brand has: the no-permission page, the agreements, and the
 * operators' fleet page (gated by the admin role, not by the brand).
 */
export const ALWAYS_ALLOWED: readonly string[] = ['/403', '/user-agreement', '/admin'];

export function inBrand(def: RouteDef, config: Pick<AppConfig, 'routes'>): boolean {
  const path = brandPathOf(def);
  return ALWAYS_ALLOWED.includes(path) || config.routes.includes(path);
}

/** The vip, chat and flag guards: failing one hides the item and forbids the page. */
export function permitted(def: RouteDef, ctx: GuardContext): boolean {
  return def.guards.every((g) => {
    switch (g) {
      case 'vip':
        return ctx.vipUser;
      case 'chat':
        return ctx.isChatAllow;
      case 'customizedImage':
        return !!ctx.config.flags.customizedImage;
      case 'login':
        return true;
    }
  });
}

export function routeAccess(def: RouteDef, ctx: GuardContext): Access {
  // A page that does not exist yet says so to everyone: a 403 would tell a
  // merchant it exists and is being kept from them.
  if (!isBuilt(def)) return 'not-available';
  // Likewise a feature the deployment has switched off is not open yet.
  if (def.guards.includes('customizedImage') && !ctx.config.flags.customizedImage) return 'not-available';
  if (!inBrand(def, ctx.config) || !permitted(def, ctx)) return 'forbidden';
  if (def.guards.includes('login') && !ctx.loggedIn) return 'login';
  return 'ok';
}

/** A menu shows a route only if the brand has it, it is built and permitted. */
export function menuVisible(def: RouteDef, ctx: GuardContext): boolean {
  return def.group !== null && isBuilt(def) && inBrand(def, ctx.config) && permitted(def, ctx);
}

/** Whether following a menu item needs the login dialog first. */
export function needsLogin(def: RouteDef, ctx: Pick<GuardContext, 'loggedIn'>): boolean {
  return def.guards.includes('login') && !ctx.loggedIn;
}

export interface MenuSection {
  group: MenuGroup;
  items: RouteDef[];
}

/** The top-bar groups in the brand's order, each with its visible items. */
export function buildMenu(
  menuGroups: readonly string[],
  routes: readonly RouteDef[],
  ctx: GuardContext,
): MenuSection[] {
  const known = new Set<string>(MENU_GROUPS);
  const seen = new Set<string>();
  const sections: MenuSection[] = [];
  for (const key of menuGroups) {
    if (!known.has(key) || seen.has(key)) continue;
    seen.add(key);
    const group = key as MenuGroup;
    const items = routes.filter((d) => d.group === group && menuVisible(d, ctx));
    if (items.length > 0) sections.push({ group, items });
  }
  return sections;
}

function onPath(pathname: string, paths: readonly string[]): boolean {
  return paths.some((p) => pathname === p || (p !== '/' && pathname.startsWith(p.endsWith('/') ? p : `${p}/`)));
}

export interface LayoutVisibility {
  header: boolean;
  sidebar: boolean;
  float: boolean;
  lingshi: boolean;
  enterpriseService: boolean;
}

/** What the desktop layout shows on a path, for the startup referrer and flags. */
export function layoutVisibility(
  pathname: string,
  config: Pick<AppConfig, 'hidden' | 'referrers'> & Partial<Pick<AppConfig, 'chrome'>>,
  startup: Pick<StartupParams, 'referrer' | 'headHidden'>,
): LayoutVisibility {
  // The referrer's switches add to the tenant's (either one hides).
  const byRef: ReferrerConfig = (startup.referrer && config.referrers[startup.referrer]) || {};
  const tenant: ReferrerConfig = config.chrome ?? {};
  const ref: ReferrerConfig = {
    hideHeader: byRef.hideHeader || tenant.hideHeader,
    hideSidebar: byRef.hideSidebar || tenant.hideSidebar,
    hideFloat: byRef.hideFloat || tenant.hideFloat,
    hidePoints: byRef.hidePoints || tenant.hidePoints,
    hideEnterpriseService: byRef.hideEnterpriseService || tenant.hideEnterpriseService,
  };
  return {
    header: !startup.headHidden && !ref.hideHeader && !onPath(pathname, config.hidden.headerPaths),
    sidebar: !ref.hideSidebar && !onPath(pathname, config.hidden.sidebarPaths),
    float: !ref.hideFloat,
    lingshi: !ref.hidePoints,
    enterpriseService: !ref.hideEnterpriseService,
  };
}

/** The MoTT area (mobile): there the login overlay cannot be closed by the user. */
export function isMottArea(pathname: string): boolean {
  return /\/mott/i.test(pathname);
}

/** Back-to-top shows on these paths only. */
export const BACK_TO_TOP_PATHS: readonly string[] = ['/', '/home', '/member'];
