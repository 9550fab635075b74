/**
 * What the layouts share: the route set chosen at startup, the guard
 * context (session + brand configuration), the menu, and the shell's side
 * effects (brand colours and title, page height, auth check per path).
 */
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useAppConfig, type AppConfig } from '../lib/config';
import { t, useI18n } from '../lib/i18n';
import { USER_INFO_QUERY_KEY, openLoginDialog, useSession, useToken } from '../lib/session';
import { watchViewportHeight } from '../lib/viewport';
import { buildMenu, type GuardContext, type MenuSection } from './routes/guards';
import { DESKTOP_ROUTES, MOBILE_ROUTES, findRoute, type RouteDef } from './routes/registry';
import type { RouteSet } from './routes/routeSet';

export const RouteSetContext = createContext<RouteSet>('desktop');

export function useRouteSet(): RouteSet {
  return useContext(RouteSetContext);
}

export function useRouteDefs(): readonly RouteDef[] {
  return useRouteSet() === 'mobile' ? MOBILE_ROUTES : DESKTOP_ROUTES;
}

/** The registry entry of the current path in the current route set. */
export function useCurrentRoute(): RouteDef | undefined {
  const { pathname } = useLocation();
  const defs = useRouteDefs();
  return findRoute(pathname, defs);
}

export function useGuardContext(): GuardContext {
  const session = useSession();
  const { config } = useAppConfig();
  const loggedIn = !!session.user;
  return useMemo(
    () => ({ loggedIn, vipUser: session.vipUser, isChatAllow: session.isChatAllow, config }),
    [loggedIn, session.vipUser, session.isChatAllow, config],
  );
}

export function useMenu(): MenuSection[] {
  const ctx = useGuardContext();
  const { config } = useAppConfig();
  const defs = useRouteDefs();
  return useMemo(() => buildMenu(config.menuGroups, defs, ctx), [config.menuGroups, defs, ctx]);
}

function hexToRgb(hex: string): [number, number, number] | null {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  if (h.length !== 6 && h.length !== 8) return null;
  const n = parseInt(h.slice(0, 6), 16);
  return Number.isNaN(n) ? null : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour with white (amount > 0) or black (amount < 0). */
export function mixColor(hex: string, amount: number): string {
  const rgb = hexToRgb(hex);
  if (!rgb) return hex;
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const out = rgb.map((c) => Math.round(c + (target - c) * a));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function applyBrand(config: AppConfig) {
  const root = document.documentElement.style;
  const primary = config.brand.primaryColor;
  root.setProperty('--primary', primary);
  root.setProperty('--primary-hover', mixColor(primary, -0.15));
  root.setProperty('--primary-soft', mixColor(primary, 0.9));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
}

/** The shell's side effects; called once by each layout. */
export function useShellEffects(): void {
  const { config } = useAppConfig();
  const { pathname, search } = useLocation();
  const { lang } = useI18n();
  const route = useCurrentRoute();
  const token = useToken();
  const { user } = useSession();
  const qc = useQueryClient();

  useEffect(() => applyBrand(config), [config]);
  useEffect(() => watchViewportHeight(), []);

  useEffect(() => {
    const name = config.brand.name;
    document.title = route && route.path !== '/' ? `${t(route.titleKey, undefined, lang)} - ${name}` : name;
  }, [route, lang, config.brand.name]);

  // The auth check runs on each path change: refresh the user info.
  // (The first path is checked by the initial user-info load.)
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (token) void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
  }, [pathname, token, qc]);

  // `login=1` in the query opens the login dialog for a visitor.
  const wantsLogin = new URLSearchParams(search).get('login') === '1';
  useEffect(() => {
    if (wantsLogin && !user && !token) openLoginDialog();
  }, [wantsLogin, user, token]);
}
