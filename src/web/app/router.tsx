import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { adminOnly, type RouteRule } from '../lib/route-access';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/AppLayout';
import { appRoutes, type AppRoute } from './routes';

const inAdminArea = (route: AppRoute) => route.area === 'admin';

/** What each route of the table keeps in its `handle`: how to load its screen ahead of the first render. */
interface ScreenHandle {
  preload: () => Promise<unknown>;
}

/**
 * A screen loaded on demand. Once its code is there (`preload` awaited, as main.tsx does for the
 * address people arrive on), it renders at once instead of suspending for one more pass, so the
 * first paint holds the whole page as React Router's data router used to give it (decision 067).
 */
function onDemand(load: () => Promise<ComponentType>): { Screen: ComponentType; preload: () => Promise<ComponentType> } {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (a network cut, a release replacing the chunks) is tried again next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Screen, preload };
}

/** A route whose screen loads on demand, behind the sign-in guard (and its rule) when `guard` is given. */
export function onDemandRoute(load: () => Promise<ComponentType>, guard: { rule?: RouteRule } | undefined, route: RouteObject): RouteObject {
  const { Screen, preload } = onDemand(load);
  const handle: ScreenHandle = { preload };
  const element = guard ? (
    <RequireAuth rule={guard.rule}>
      <Screen />
    </RequireAuth>
  ) : (
    <Screen />
  );
  return { ...route, element, handle };
}

/** A route of the table as React Router takes it: its page loaded on demand, behind its guard. */
function routeObject(route: AppRoute): RouteObject {
  return onDemandRoute(async () => (await route.page()).default, route.auth ? { rule: route.rule } : undefined, { path: route.path });
}

/**
 * Every page inside the app's layout; the administrators' pages inside their area's layout route
 * too, which guards the area and shows its menu once. It has no address of its own, so `/admin`
 * alone stays an unknown page. The area's layout and menu load with its first page: every visitor
 * downloaded them with the entry, which took the landing page over its budget.
 */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        ...appRoutes.filter((route) => !inAdminArea(route)).map(routeObject),
        onDemandRoute(async () => (await import('./layout/AdminLayout')).AdminLayout, { rule: adminOnly }, { children: appRoutes.filter(inAdminArea).map(routeObject) }),
      ],
    },
  ];
}

const routeObjects = buildRouteObjects();

/**
 * The screens of `pathname` (its page, and the admin area's layout for an admin page), loaded
 * before the first render. A failure is left to the screen itself, which then shows it.
 */
export async function preloadScreens(pathname: string, routes: RouteObject[] = routeObjects): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as ScreenHandle | undefined)?.preload().catch(() => undefined)));
}

/**
 * The app's pages under a `<BrowserRouter>`. The declarative router, not the data router
 * (`createBrowserRouter`): the app uses no loader, action nor fetcher, and the data router's code
 * weighed 17 KB gzip more in every page's entry (decision 067).
 */
export function AppRoutes({ routes = routeObjects }: { routes?: RouteObject[] }) {
  return useRoutes(routes);
}
