import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';

/** Shows the current address, so a test can read where a page sent the user. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="adresse">{`${location.pathname}${location.search}`}</output>;
}

/** A page standing for every address a test does not render: it names where the router arrived. */
export function Arrival() {
  const location = useLocation();
  return (
    <p>
      Arrivée : {location.pathname}
      {location.search}
    </p>
  );
}

export interface RenderRoutesOptions {
  /** Wraps the routes inside the router (e.g. a component that must see every page). */
  wrapper?: (children: ReactNode) => ReactNode;
  /** Also renders the current address in `data-testid="adresse"`. */
  showLocation?: boolean;
}

/**
 * The one way component tests render a screen: `routes` (route pattern → element) inside the
 * providers a page needs (a fresh query client without retries, a memory router), starting at `entry`.
 */
export function renderRoutes(entry: InitialEntry, routes: Record<string, ReactNode>, { wrapper, showLocation = false }: RenderRoutesOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (
    <Routes>
      {Object.entries(routes).map(([routePath, element]) => (
        <Route key={routePath} path={routePath} element={element} />
      ))}
    </Routes>
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        {wrapper ? wrapper(tree) : tree}
        {showLocation && <LocationProbe />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Like Arrival, also naming the history state the page was given (what a return-to carries). */
export function ArrivalWithState() {
  const location = useLocation();
  return (
    <p>
      Arrivée : {location.pathname} avec {JSON.stringify(location.state ?? null)}
    </p>
  );
}
