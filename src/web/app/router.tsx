import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminOnly, type RouteRule } from '../lib/route-access';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/AppLayout';
import { appRoutes, type AppRoute } from './routes';

const inAdminArea = (route: AppRoute) => route.area === 'admin';

/**
 * React Router's `lazy` for a component loaded on demand, behind the sign-in guard (and its rule)
 * when `guard` is given, or open to all without it.
 */
function guardedLazy(load: () => Promise<ComponentType>, guard?: { rule?: RouteRule }): RouteObject['lazy'] {
  return async () => {
    const Loaded = await load();
    return {
      Component: guard
        ? () => (
            <RequireAuth rule={guard.rule}>
              <Loaded />
            </RequireAuth>
          )
        : Loaded,
    };
  };
}

/** A route of the table as React Router takes it: its page loaded on demand, behind its guard. */
function routeObject(route: AppRoute): RouteObject {
  return { path: route.path, lazy: guardedLazy(async () => (await route.page()).default, route.auth ? { rule: route.rule } : undefined) };
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
        {
          lazy: guardedLazy(async () => (await import('./layout/AdminLayout')).AdminLayout, { rule: adminOnly }),
          children: appRoutes.filter(inAdminArea).map(routeObject),
        },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects());
