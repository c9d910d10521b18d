import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { AdminNav } from '../../features/admin';

/**
 * The administrators' area (`/admin/…`): its menu once, above whichever of its pages is open. The
 * pages come from several features (admin, organisations, certificates, satisfaction, meetings);
 * composing them here keeps those features from importing the admin one.
 */
export function AdminLayout() {
  return (
    <>
      <Container maxWidth="xl" sx={{ pt: { xs: 3, md: 5 } }}>
        <AdminNav />
      </Container>
      <Outlet />
    </>
  );
}
