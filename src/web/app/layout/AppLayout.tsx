import { Box, GlobalStyles } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NAVBAR_HEIGHT_PX } from '../../../shared/constants';
import { useEndSessionOnArrival } from '../../lib/end-session';
import { useSession } from '../../lib/session';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

// Both show on few visits (a redirect's notice, an address still to confirm): their code, with MUI's
// Snackbar and Alert, loads when they do, which keeps it out of the first page's JavaScript (decision 031).
const NoticeSnackbar = lazy(() => import('./NoticeSnackbar'));
const EmailConfirmationBanner = lazy(() => import('../../features/profile').then((m) => ({ default: m.EmailConfirmationBanner })));

/**
 * One visible focus indicator for the whole site (WCAG 2.4.7): a 3 px dark green outline on any
 * link, button or control reached with the keyboard. `:where()` keeps it overridable by a
 * component that draws its own (the footer's white outline, a card outlining itself). MUI's
 * controls drop the browser's outline and show the keyboard focus with the Mui-focusVisible class.
 */
const focusStyles = (
  <GlobalStyles
    styles={(theme) => ({
      ':where(a, button, summary, [tabindex]:not([tabindex="-1"])):focus-visible, .MuiButtonBase-root.Mui-focusVisible': {
        outline: `3px solid ${theme.palette.primary.dark}`,
        outlineOffset: 2,
      },
      // Inside a menu, an outside outline would be cut by the menu's edges.
      '.MuiMenuItem-root.Mui-focusVisible': { outlineOffset: -3 },
      // On the dark footer, dark green would not show.
      'footer .MuiButtonBase-root.Mui-focusVisible': { outlineColor: '#ffffff' },
    })}
  />
);

/** Every page: the navigation bar, the page, the footer; plus notices passed by redirects. */
export function AppLayout() {
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(null);
  // Once shown, the snackbar stays mounted so that it can play its closing transition.
  const [hadNotice, setHadNotice] = useState(false);
  const unconfirmed = useSession((state) => state.user?.emailConfirmed === false);
  const stateNotice = (location.state as { notice?: string } | null)?.notice;
  useEndSessionOnArrival();

  useEffect(() => {
    if (stateNotice) {
      setNotice(stateNotice);
      setHadNotice(true);
    }
  }, [stateNotice, location.key]);

  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    // The control that led here (a card's link, a submit button) went away with the old page, and the
    // focus with it: the new page's content takes it, so Tab goes on from there and not from a spot
    // of the old page. A focus still somewhere (a nav link, a menu's button) is left where it is.
    const active = document.activeElement;
    if ((!active || active === document.body) && mainRef.current) {
      mainRef.current.setAttribute('tabindex', '-1');
      mainRef.current.focus({ preventScroll: true });
    }
  }, [location.pathname]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {focusStyles}
      <NavBar />
      {/* A container, not a control: focused only to start reading or tabbing from it, without a ring.
          At least the screen's height below the bar: the footer starts below the fold, so a page whose content
          arrives in steps (its code, then its data) does not push a visible footer down at each step (CLS, decision 031). */}
      <Box
        component="main"
        id="contenu"
        ref={mainRef}
        sx={{ flex: 1, minHeight: `calc(100vh - ${NAVBAR_HEIGHT_PX}px)`, '&:focus': { outline: 'none' } }}
      >
        {/* One boundary for both: the page shows with the banner above it, never before it, so the banner's
            late code cannot push the page down under a click (CLS). */}
        <ScreenErrorBoundary key={location.pathname}>
          <Suspense fallback={null}>
            {unconfirmed && <EmailConfirmationBanner />}
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </Box>
      <Footer />
      {hadNotice && (
        <Suspense fallback={null}>
          <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
        </Suspense>
      )}
    </Box>
  );
}
