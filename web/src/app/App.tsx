import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createRouter } from './router';
import { chooseRouteSet, type RouteSet } from './routes/routeSet';
import { RouteSetContext } from './shell';

/** The route set is chosen once, at startup, from the user agent and the first path. */
export function App({ routeSet }: { routeSet?: RouteSet }) {
  const [set] = useState<RouteSet>(() => routeSet ?? chooseRouteSet(navigator.userAgent, window.location.pathname));
  const [router] = useState(() => createRouter(set));
  return (
    <AppProviders>
      <RouteSetContext.Provider value={set}>
        <RouterProvider router={router} />
      </RouteSetContext.Provider>
    </AppProviders>
  );
}
