import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreens } from './app/router';

// The arrival's screen first (the HTML already preloads its chunks), so the first render holds the whole page.
// As a transition, React renders it in slices and lets the browser breathe between them: one render of the
// whole page at once was a single task of half a second on a phone (decision 067).
void preloadScreens(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});
