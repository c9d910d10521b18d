import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';
import { webPaths } from '../../../../shared/web-paths';

const links = [
  { to: webPaths.adminDashboard, label: 'Tableau de bord' },
  { to: webPaths.adminApprovals, label: 'Formateurs en attente' },
  { to: webPaths.adminMembers, label: 'Liste des membres' },
  { to: webPaths.adminOrganisations, label: 'Organisations' },
  { to: webPaths.adminCourses, label: 'Formations à valider' },
  { to: webPaths.adminCertificates, label: 'Attestations' },
  { to: webPaths.adminSatisfaction, label: 'Avis des apprenants' },
];

/** The administration screens reach each other from here (the nav bar only links the dashboard). */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Administration" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 3 }}>
      {links.map((link) => {
        const current = pathname === link.to;
        return (
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            variant={current ? 'contained' : 'outlined'}
            size="small"
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Stack>
  );
}
