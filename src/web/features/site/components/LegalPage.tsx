import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';

/** The frame of the text pages (about, legal, accessibility): one h1, a date, readable line length. */
export function LegalPage({ title, updated, intro, children }: { title: string; updated?: string; intro?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 34, md: 44 }, color: 'primary.dark', mb: 2 }}>
        {title}
      </Typography>
      {updated && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Dernière mise à jour : {updated}
        </Typography>
      )}
      {intro && <Box sx={{ fontSize: 18, mb: 2 }}>{intro}</Box>}
      <Box
        sx={{
          '& h2': { fontSize: { xs: 24, md: 28 }, fontWeight: 700, mt: 5, mb: 2, color: 'primary.dark' },
          '& h3': { fontSize: 20, fontWeight: 700, mt: 3, mb: 1 },
          '& p, & li': { lineHeight: 1.7 },
          '& p': { my: 1.5 },
          '& ul, & ol': { pl: 3, my: 1.5 },
          '& li': { mb: 0.75 },
          '& table': { borderCollapse: 'collapse', width: '100%', my: 2, fontSize: 15 },
          '& th, & td': { border: '1px solid', borderColor: 'divider', p: 1, textAlign: 'left', verticalAlign: 'top' },
          '& th': { bgcolor: '#e8f5e9' },
        }}
      >
        {children}
      </Box>
    </Container>
  );
}

/** A link to another page of the site inside running text (underlined, as text links must be). */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} underline="always">
      {children}
    </Link>
  );
}

/** An e-mail, phone or outside link inside running text; outside pages open in a new tab, and say so. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const outside = href.startsWith('https://');
  return (
    <Link
      href={href}
      underline="always"
      {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {outside && " (nouvel onglet)"}
    </Link>
  );
}
