import FacebookIcon from '../../components/icons/Facebook';
import InstagramIcon from '../../components/icons/Instagram';
import LinkedInIcon from '../../components/icons/LinkedIn';
import YouTubeIcon from '../../components/icons/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { categories } from '../../../shared/categories';
import { CONTACT } from '../../../shared/constants';
import { catalogueLink, ownSpaceLink } from '../../lib/own-space';
import { webPaths } from '../../../shared/web-paths';
import { useSession, type SessionUser } from '../../lib/session';

interface FooterLink {
  label: string;
  to: string;
}

/** The site map: a visitor is invited to log in or sign up, a signed-in user gets their catalogue and own page. */
function siteLinks(user: SessionUser | null): FooterLink[] {
  const common = [
    { label: 'Accueil', to: webPaths.home },
    { label: 'À propos', to: webPaths.about },
  ];
  if (!user) {
    return [
      ...common,
      { label: 'Nos formations', to: webPaths.publicCourses },
      { label: 'Connexion', to: webPaths.login },
      { label: "S'inscrire", to: webPaths.signup },
    ];
  }
  return [...common, { label: 'Nos formations', to: catalogueLink.to }, ownSpaceLink(user)];
}

/** The five themes the footer lists (spec section 2); éco-construction is reached from the catalogue. */
const footerCategorySlugs = ['rse', 'ecologie', 'biodiversite', 'ecoagriculture', 'dechets'] as const;
const categoryLinks: FooterLink[] = footerCategorySlugs.map((slug) => ({
  label: categories.find((c) => c.slug === slug)?.name ?? slug,
  to: webPaths.publicCategory(slug),
}));

const legalLinks: FooterLink[] = [
  { label: 'Politique de confidentialité', to: webPaths.privacy },
  { label: "Conditions d'utilisation", to: webPaths.terms },
  { label: 'Cookies', to: webPaths.cookies },
  { label: 'Accessibilité : partiellement conforme', to: webPaths.accessibility },
  { label: 'Déposer une réclamation', to: webPaths.complaint },
];

const socialLinks = [
  { label: 'EcoForma sur LinkedIn', href: 'https://www.linkedin.com/company/ecoforma', icon: <LinkedInIcon /> },
  { label: 'EcoForma sur Facebook', href: 'https://www.facebook.com/ecoforma', icon: <FacebookIcon /> },
  { label: 'EcoForma sur Instagram', href: 'https://www.instagram.com/ecoforma', icon: <InstagramIcon /> },
  { label: 'EcoForma sur YouTube', href: 'https://www.youtube.com/@ecoforma', icon: <YouTubeIcon /> },
];

// Plain links styled here rather than MUI's Link: one component less on the landing page.
const linkSx = {
  color: 'inherit',
  display: 'inline-block',
  py: 0.5,
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 2, borderRadius: 0.5 },
} as const;

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <ColumnTitle>{title}</ColumnTitle>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {links.map((link) => (
          <li key={link.to}>
            <Box component={RouterLink} to={link.to} sx={linkSx}>
              {link.label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function ColumnTitle({ children }: { children: ReactNode }) {
  return (
    <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1.5, color: '#ffffff' }}>
      {children}
    </Typography>
  );
}

/** The footer of every page: site map, themes, legal pages, contact details and social networks. */
export function Footer() {
  const user = useSession((state) => state.user);
  const phoneHref = `tel:${CONTACT.phone.replace(/\s+/g, '')}`;
  return (
    <Box component="footer" sx={{ bgcolor: '#1b3a1f', color: '#e8f5e9', mt: 'auto', pt: 6, pb: 3 }}>
      <Container>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '1.4fr repeat(4, 1fr)' },
          }}
        >
          <Box>
            <Typography component="p" sx={{ fontWeight: 800, fontSize: 22, color: '#ffffff', mb: 1 }}>
              EcoForma
            </Typography>
            <Typography variant="body2" sx={{ mb: 2, maxWidth: 320 }}>
              La plateforme française de formation en ligne au développement durable : RSE, écologie, biodiversité,
              éco-agriculture, gestion des déchets et éco-construction.
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, ml: -1 }}>
              {socialLinks.map((social) => (
                <IconButton
                  key={social.href}
                  component="a"
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} (nouvel onglet)`}
                  sx={{ color: '#e8f5e9' }}
                >
                  {social.icon}
                </IconButton>
              ))}
            </Box>
          </Box>
          <LinkColumn title="Navigation" links={siteLinks(user)} />
          <LinkColumn title="Formations" links={categoryLinks} />
          <LinkColumn title="Informations légales" links={legalLinks} />
          <Box>
            <ColumnTitle>Contact</ColumnTitle>
            <Box component="address" sx={{ fontStyle: 'normal', display: 'grid', gap: 1 }}>
              <Typography variant="body2">{CONTACT.address}</Typography>
              <Box component="a" href={`mailto:${CONTACT.email}`} sx={linkSx}>
                {CONTACT.email}
              </Box>
              <Box component="a" href={phoneHref} sx={linkSx}>
                {CONTACT.phone}
              </Box>
            </Box>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ mt: 5, pt: 3, borderTop: '1px solid rgba(232, 245, 233, 0.25)', textAlign: 'center' }}>
          © {new Date().getFullYear()} EcoForma. Tous droits réservés.
        </Typography>
      </Container>
    </Box>
  );
}
