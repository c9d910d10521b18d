import { Alert, Box, Snackbar } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** Every page: the navigation bar, the page, the footer; plus notices passed by redirects. */
export function AppLayout() {
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(null);
  const stateNotice = (location.state as { notice?: string } | null)?.notice;

  useEffect(() => {
    if (stateNotice) setNotice(stateNotice);
  }, [stateNotice, location.key]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <NavBar />
      <Box component="main" id="contenu" sx={{ flex: 1 }}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <Snackbar open={Boolean(notice)} autoHideDuration={6000} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="info" onClose={() => setNotice(null)} variant="filled">
          {notice}
        </Alert>
      </Snackbar>
    </Box>
  );
}
