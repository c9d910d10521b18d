import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/AppLayout';
import { appRoutes } from './routes';

export function buildRouteObjects(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: appRoutes.map((route) => ({
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
      })),
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects());
