import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { webPaths, webRoutes } from '../../shared/web-paths';
import { routeAccess } from '../lib/route-access';
import { Arrival } from '../test/render';
import { sessionUser, signInAs } from '../test/session';
import { buildRouteObjects } from './router';

/** The administrators' area: the pathless layout route inside the app's layout. */
function adminArea(): RouteObject {
  const area = buildRouteObjects()[0]!.children!.find((route) => route.path === undefined && route.children);
  if (!area) throw new Error('pas de zone administrateur');
  return area;
}

/** The area's layout (loaded on demand, as in the app) around a stand-in page, and a stand-in for every other address. */
function renderArea(entry: string) {
  const router = createMemoryRouter(
    [
      { lazy: adminArea().lazy, children: [{ path: webRoutes.adminCourses, element: <p>Page des formations</p> }] },
      { path: '*', element: <Arrival /> },
    ],
    { initialEntries: [entry] },
  );
  return render(<RouterProvider router={router} />);
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
