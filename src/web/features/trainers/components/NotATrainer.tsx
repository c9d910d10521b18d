import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Role } from '../../../../shared/roles';
import { webPaths } from '../../../../shared/web-paths';

/** Where each other role belongs instead. */
const ownPage: Record<Exclude<Role, 'formateur'>, { to: string; label: string }> = {
  membre: { to: webPaths.catalogue, label: 'Voir les cours' },
  organisme: { to: webPaths.profile, label: 'Voir mon profil' },
  admin: { to: webPaths.adminDashboard, label: 'Tableau de bord admin' },
};

/** Shown to a signed-in member, organisation or administrator who opens a trainer-only page. */
export function NotATrainer({ role, title }: { role: Exclude<Role, 'formateur'>; title: string }) {
  const target = ownPage[role];
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        Cette page est réservée aux formateurs. Votre compte n'est pas un compte formateur : vous n'avez ni CV à envoyer ni
        candidature en attente.
      </Alert>
      <Button component={RouterLink} to={target.to} variant="contained">
        {target.label}
      </Button>
    </Container>
  );
}
