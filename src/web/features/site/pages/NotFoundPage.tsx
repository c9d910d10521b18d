import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { webPaths } from '../../../../shared/web-paths';
import { usePageTitle } from '../../../lib/page-title';

/** Any unknown address (spec section 2, "404 screen"). */
export default function NotFoundPage() {
  usePageTitle('Page non trouvée');
  const navigate = useNavigate();

  function goBack() {
    // Opened directly (new tab, typed address): there is no previous page, so go home instead.
    if (window.history.length > 1) navigate(-1);
    else navigate(webPaths.home);
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Box component="img" src="/illustrations/not-found.svg" alt="" width={320} height={220} sx={{ maxWidth: '100%', height: 'auto' }} />
      <Typography variant="h1" sx={{ fontSize: { xs: 34, md: 44 }, color: 'primary.dark', mt: 3, mb: 2 }}>
        Page non trouvée
      </Typography>
      <Typography sx={{ mb: 4 }}>
        La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse, ou repartez de l'accueil.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
        <Button component={RouterLink} to={webPaths.home} variant="contained" size="large">
          Retour à l'accueil
        </Button>
        <Button onClick={goBack} variant="outlined" size="large">
          Page précédente
        </Button>
      </Box>
    </Container>
  );
}
