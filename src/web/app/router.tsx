import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminOnly } from '../lib/route-access';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/AppLayout';
import { appRoutes, type AppRoute } from './routes';

const inAdminArea = (route: AppRoute) => route.area === 'admin';

/** A route of the table as React Router takes it: its page loaded on demand, behind its guard. */
function routeObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    lazy: async () => {
      const { default: Page } = await route.page();
      return {
        Component: route.auth
          ? () => (
              <RequireAuth rule={route.rule}>
                <Page />
              </RequireAuth>
            )
          : Page,
      };
    },
  };
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
          lazy: async () => {
            const { AdminLayout } = await import('./layout/AdminLayout');
            return {
              Component: () => (
                <RequireAuth rule={adminOnly}>
                  <AdminLayout />
                </RequireAuth>
              ),
            };
          },
          children: appRoutes.filter(inAdminArea).map(routeObject),
        },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects());
