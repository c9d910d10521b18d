import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';

const links = [
  { to: paths.adminDashboard, label: 'Tableau de bord' },
  { to: paths.adminApprovals, label: 'Formateurs en attente' },
  { to: paths.adminMembers, label: 'Liste des membres' },
  { to: paths.adminOrganisations, label: 'Organisations' },
  { to: paths.adminCourses, label: 'Formations à valider' },
  { to: paths.adminCertificates, label: 'Attestations' },
  { to: paths.adminSatisfaction, label: 'Avis des apprenants' },
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
