import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the routes that `location` shows, in place, before the first render. Hydration
 * must render what the build rendered to HTML, not a fallback while a lazily loaded page loads.
 */
export async function loadRouteModules(
  routes: RouteObject[],
  location: { pathname: string },
): Promise<void> {
  const lazyMatches = matchRoutes(routes, location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
}
