import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { webPaths, webRoutes } from '../../shared/web-paths';
import { routeAccess } from '../lib/route-access';
import { Arrival } from '../test/render';
import { sessionUser, signInAs } from '../test/session';
import { SCREEN_ERROR_TITLE } from './layout/ScreenErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import { AppRoutes, buildRouteObjects, onDemandRoute, preloadScreens } from './router';

/** The administrators' area: the pathless layout route inside the app's layout. */
function adminArea(): RouteObject {
  const area = buildRouteObjects()[0]!.children!.find((route) => route.path === undefined && route.children);
  if (!area) throw new Error('pas de zone administrateur');
  return area;
}

/** The area's layout (loaded on demand, as in the app) around a stand-in page, and a stand-in for every other address. */
function renderArea(entry: string) {
  const routes: RouteObject[] = [
    { element: adminArea().element, children: [{ path: webRoutes.adminCourses, element: <p>Page des formations</p> }] },
    { path: '*', element: <Arrival /> },
  ];
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AppRoutes routes={routes} />
    </MemoryRouter>,
  );
}

describe('the administrators’ area', () => {
  it('holds every admin page but the interview room, and has no address of its own', () => {
    const inArea = adminArea().children!.map((route) => route.path);
    const adminPages = routeAccess.filter((route) => route.path.startsWith('/admin/') && route.path !== webRoutes.adminMeeting).map((route) => route.path);
    expect(inArea).toEqual(adminPages);
    expect(adminArea().path).toBeUndefined();
  });

  it('shows its menu once above the page, the current page marked', async () => {
    signInAs(sessionUser({ role: 'admin' }));
    renderArea(webPaths.adminCourses);
    expect(await screen.findByText('Page des formations')).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Administration' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Formations à valider' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends anyone but an administrator home, as each page’s guard did', async () => {
    signInAs(sessionUser({ role: 'membre' }));
    renderArea(webPaths.adminCourses);
    expect(await screen.findByText('Arrivée : /')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();
  });
});

describe('screens loaded on demand', () => {
  function renderAt(entry: string, routes: RouteObject[]) {
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[entry]}>
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('draws a preloaded screen in the first render, without waiting for one more pass', async () => {
    const routes = [onDemandRoute(async () => () => <p>Écran préchargé</p>, undefined, { path: '/ecran' })];
    await preloadScreens('/ecran', routes);
    renderAt('/ecran', routes);
    expect(screen.getByText('Écran préchargé')).toBeInTheDocument();
  });

  it('loads a screen that was not preloaded when it is shown', async () => {
    const routes = [onDemandRoute(async () => () => <p>Écran chargé à la demande</p>, undefined, { path: '/ecran' })];
    renderAt('/ecran', routes);
    expect(screen.queryByText('Écran chargé à la demande')).not.toBeInTheDocument();
    expect(await screen.findByText('Écran chargé à la demande')).toBeInTheDocument();
  });

  it('keeps the sign-in guard of a guarded screen: a visitor goes to the login page', async () => {
    const routes = [onDemandRoute(async () => () => <p>Réservé</p>, {}, { path: '/ecran' }), { path: '*', element: <Arrival /> }];
    await preloadScreens('/ecran', routes);
    renderAt('/ecran', routes);
    expect(await screen.findByText(`Arrivée : ${webPaths.login}`)).toBeInTheDocument();
    expect(screen.queryByText('Réservé')).not.toBeInTheDocument();
  });

  it('shows a French message inside the layout when a screen’s code cannot be downloaded, and loads it again on the next try', async () => {
    let attempts = 0;
    const routes: RouteObject[] = [
      {
        element: <AppLayout />,
        children: [
          onDemandRoute(
            async () => {
              attempts++;
              if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
              return () => <p>Écran enfin chargé</p>;
            },
            undefined,
            { path: '/ecran' },
          ),
        ],
      },
    ];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/ecran', routes);
    expect(await screen.findByRole('heading', { name: SCREEN_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EcoForma – Accueil' })).toBeInTheDocument();
    await preloadScreens('/ecran', routes);
    expect(attempts).toBe(2);
  });
});
