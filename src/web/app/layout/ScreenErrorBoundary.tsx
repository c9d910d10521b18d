import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';

export const SCREEN_ERROR_TITLE = 'Cette page n’a pas pu s’afficher.';

/**
 * A page whose code failed to download (a connection lost, a new release that replaced the old
 * chunks) or that failed while drawing: a French message and a way out, inside the layout, instead
 * of a blank screen. AppLayout keys it by address, so the next page starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container maxWidth="md" sx={{ py: 6 }} role="alert">
        <Typography component="h1" variant="h5" gutterBottom>
          {SCREEN_ERROR_TITLE}
        </Typography>
        <Typography sx={{ mb: 3 }}>Vérifiez votre connexion à Internet, puis rechargez la page.</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Recharger la page
        </Button>
      </Container>
    );
  }
}
