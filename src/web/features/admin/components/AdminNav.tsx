import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { webPaths } from '../../../../shared/web-paths';

const links = [
  { to: webPaths.adminDashboard, label: 'Tableau de bord' },
  { to: webPaths.adminApprovals, label: 'Formateurs en attente' },
  { to: webPaths.adminMembers, label: 'Liste des membres' },
  { to: webPaths.adminOrganisations, label: 'Organisations' },
  { to: webPaths.adminCourses, label: 'Formations à valider' },
  { to: webPaths.adminCertificates, label: 'Attestations' },
  { to: webPaths.adminSessions, label: 'Sessions en direct' },
  { to: webPaths.adminSatisfaction, label: 'Avis des apprenants' },
  { to: webPaths.opportunities, label: 'Opportunités' },
  { to: webPaths.adminModeration, label: 'Modération' },
  { to: webPaths.adminQuality, label: 'Qualité' },
  { to: webPaths.adminInvoices, label: 'Factures' },
  { to: webPaths.adminSettings, label: 'Paramètres' },
];

/**
 * The administration screens reach each other from here (the nav bar only links the dashboard).
 * One row that scrolls sideways on a phone, like a scrollable tab bar, instead of four wrapped
 * lines above the page (issue 25); the links stay links, and the current one is scrolled into view.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Only the strip scrolls: block 'nearest' leaves the page where it is.
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <Stack
      component="nav"
      aria-label="Administration"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{
        flexWrap: { xs: 'nowrap', md: 'wrap' },
        overflowX: { xs: 'auto', md: 'visible' },
        scrollbarWidth: 'thin',
        // Room for the focus ring, which overflow would otherwise cut.
        p: 0.5,
        mx: -0.5,
        mb: 2.5,
      }}
    >
      {links.map((link) => {
        const isCurrent = pathname === link.to;
        return (
          <Button
            key={link.to}
            ref={isCurrent ? current : undefined}
            component={RouterLink}
            to={link.to}
            variant={isCurrent ? 'contained' : 'outlined'}
            size="small"
            aria-current={isCurrent ? 'page' : undefined}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {link.label}
          </Button>
        );
      })}
    </Stack>
  );
}
