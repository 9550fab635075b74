import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DesktopLayout } from './layout/DesktopLayout';
import { MobileLayout } from './layout/MobileLayout';
import { NotFoundPage } from './pages/StatusPages';
import { RouteGate } from './routes/RouteGate';
import { DESKTOP_ROUTES, MOBILE_ROUTES } from './routes/registry';
import type { RouteSet } from './routes/routeSet';

/**
 * The route objects of one set, all from the registry. Unknown paths: the
 * not-found page on desktop, the root on mobile.
 */
export function routesFor(set: RouteSet): RouteObject[] {
  const defs = set === 'mobile' ? MOBILE_ROUTES : DESKTOP_ROUTES;
  const children: RouteObject[] = defs.map((def) => ({ path: def.path, element: <RouteGate def={def} /> }));
  children.push({ path: '*', element: set === 'mobile' ? <Navigate to="/" replace /> : <NotFoundPage /> });
  return [{ element: set === 'mobile' ? <MobileLayout /> : <DesktopLayout />, children }];
}

/** The app's base path (Vite `base`, PIXMART_BASE_PATH at build time) without its trailing slash. */
export function basename(base: string = import.meta.env.BASE_URL): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function createRouter(set: RouteSet) {
  return createBrowserRouter(routesFor(set), { basename: basename() });
}
