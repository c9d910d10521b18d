import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { categories } from '../../../../shared/categories';
import { LANDING_STATS } from '../../../../shared/constants';
import { LinkButton } from '../../../components/LinkButton';
import { visuallyHidden } from '../../../components/visually-hidden';
import { catalogueLink, ownSpaceLink } from '../../../lib/own-space';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { FadeIn } from '../components/FadeIn';
import { SpriteIcon } from '../components/SpriteIcon';
import { usePageTitle } from '../../../lib/page-title';

const stats = [
  { value: LANDING_STATS.learners, label: 'apprenants' },
  { value: LANDING_STATS.trainings, label: 'formations spécialisées' },
  { value: LANDING_STATS.satisfaction, label: 'de satisfaction' },
];

const audiences = [
  {
    title: 'Membres et apprenants',
    icon: 'membres',
    text: 'Salariés, étudiants, élus ou citoyens engagés : suivez des formations concrètes pour comprendre les enjeux environnementaux et agir dans votre quotidien comme dans votre métier.',
    action: "S'inscrire comme membre",
    to: webPaths.signupAs('membre'),
  },
  {
    title: 'Formateurs',
    icon: 'formateurs',
    text: 'Experts de la transition écologique, partagez votre savoir-faire : après validation de votre CV et un entretien avec notre équipe, publiez vos propres cours.',
    action: 'Devenir formateur',
    to: webPaths.signupAs('formateur'),
  },
  {
    title: 'Organisations',
    icon: 'organisations',
    text: 'Entreprises, collectivités et associations : formez vos équipes à la RSE et aux pratiques durables pour conduire votre transformation et répondre à vos obligations.',
    action: 'Inscrire mon organisation',
    to: webPaths.signupAs('organisme'),
  },
];

function Section({ children, tinted = false, labelledBy }: { children: ReactNode; tinted?: boolean; labelledBy: string }) {
  return (
    <Box component="section" aria-labelledby={labelledBy} sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? '#e8f5e9' : 'transparent' }}>
      <Container>{children}</Container>
    </Box>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="h2" sx={{ fontSize: { xs: 28, md: 36 }, mb: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

function ProgrammeBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
      <Typography variant="h3" sx={{ fontSize: 22, mb: 2, color: 'primary.dark' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const listSx = { m: 0, pl: 2.5, display: 'grid', gap: 1 } as const;

/** The public home page of spec section 2: hero, figures, who we are, programme, audiences, call to action. */
export default function LandingPage() {
  usePageTitle(null);
  // Someone signed in already has an account: the invitations to sign up become their own links.
  const user = useSession((state) => state.user);
  const ownSpace = user ? ownSpaceLink(user) : null;
  return (
    <>
      <Box component="section" aria-labelledby="hero-title" sx={{ background: 'linear-gradient(180deg, #ffffff 0%, #e8f5e9 100%)', py: { xs: 6, md: 10 } }}>
        <Container sx={{ display: 'grid', gap: 4, alignItems: 'center', gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}>
          <FadeIn>
            <Typography
              id="hero-title"
              variant="h1"
              sx={{ fontSize: { xs: 38, sm: 48, md: 58 }, lineHeight: 1.1, color: 'primary.dark', mb: 2 }}
            >
              Prêt à faire la différence&nbsp;?
            </Typography>
            <Typography sx={{ fontSize: { xs: 18, md: 20 }, mb: 4, maxWidth: 560 }}>
              Formez-vous au développement durable avec des cours en ligne conçus par des experts, un accompagnement
              personnalisé et une communauté engagée pour la transition écologique.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {user ? (
                <LinkButton to={catalogueLink.to} variant="contained" size="large">
                  {catalogueLink.label}
                </LinkButton>
              ) : (
                <LinkButton to={webPaths.signup} variant="contained" size="large">
                  Commencer maintenant
                </LinkButton>
              )}
              <LinkButton to={webPaths.about} variant="outlined" size="large">
                En savoir plus
              </LinkButton>
            </Box>
          </FadeIn>
          <FadeIn delay={150}>
            <Box
              component="img"
              src="/illustrations/hero.svg"
              alt=""
              width={480}
              height={360}
              sx={{ width: '100%', height: 'auto', maxWidth: 520, display: 'block', mx: 'auto' }}
            />
          </FadeIn>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="stats-title" sx={{ bgcolor: 'primary.dark', color: '#ffffff', py: 5 }}>
        <Container>
          <Typography id="stats-title" variant="h2" sx={visuallyHidden}>
            EcoForma en chiffres
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, textAlign: 'center' }}>
            {stats.map((stat) => (
              <li key={stat.label}>
                <Box component="span" sx={{ display: 'block', fontSize: { xs: 40, md: 48 }, fontWeight: 800, lineHeight: 1.1 }}>
                  {stat.value}
                </Box>{' '}
                <Box component="span" sx={{ fontSize: 18 }}>
                  {stat.label}
                </Box>
              </li>
            ))}
          </Box>
        </Container>
      </Box>

      <Section labelledBy="about-title">
        <Box sx={{ display: 'grid', gap: 4, alignItems: 'center', gridTemplateColumns: { xs: '1fr', md: '1fr 1.2fr' } }}>
          <Box
            component="img"
            src="/illustrations/mission.svg"
            alt=""
            width={400}
            height={300}
            sx={{ width: '100%', height: 'auto', maxWidth: 420, display: 'block', mx: 'auto' }}
          />
          <Box>
            <Typography id="about-title" variant="h2" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
              Qui sommes-nous&nbsp;?
            </Typography>
            <Typography sx={{ mb: 2 }}>
              EcoForma est une plateforme française de formation professionnelle et de mise en réseau dédiée au
              développement durable. Nous réunissons des apprenants, des formateurs experts et des organisations autour
              d'un même objectif : transformer les connaissances en actions concrètes pour le climat, la biodiversité et
              une économie plus responsable.
            </Typography>
            <Typography sx={{ mb: 3 }}>
              Chaque formateur est sélectionné après l'étude de son parcours et un entretien avec notre équipe, afin de
              garantir des contenus rigoureux, à jour et directement applicables sur le terrain.
            </Typography>
            <LinkButton to={webPaths.about} variant="outlined">
              Découvrir notre mission
            </LinkButton>
          </Box>
        </Box>
      </Section>

      <Section labelledBy="programme-title" tinted>
        <SectionTitle id="programme-title">Notre programme</SectionTitle>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <ProgrammeBlock title="Nos thématiques">
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {categories.map((category) => (
                <Box component="li" key={category.slug} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Box component="span" sx={{ color: 'primary.main', display: 'flex' }}>
                    <SpriteIcon name={category.slug} />
                  </Box>
                  {category.name === 'RSE' ? 'RSE (responsabilité sociétale des entreprises)' : category.name}
                </Box>
              ))}
            </Box>
          </ProgrammeBlock>
          <ProgrammeBlock title="Notre domaine d'expertise">
            <Typography sx={{ mb: 2 }}>
              Des cours conçus par des experts du terrain : consultants RSE, écologues, agronomes, spécialistes de
              l'économie circulaire et de la construction durable.
            </Typography>
            <Box component="ul" sx={listSx}>
              <li>Bilan carbone, reporting extra-financier et stratégie RSE</li>
              <li>Préservation des écosystèmes et des espèces</li>
              <li>Agroécologie, sols vivants et circuits courts</li>
              <li>Réduction, tri et valorisation des déchets</li>
              <li>Matériaux biosourcés et rénovation énergétique</li>
            </Box>
          </ProgrammeBlock>
          <ProgrammeBlock title="Comment ça marche">
            <Box component="ol" sx={listSx}>
              <li>Créez votre compte en quelques minutes.</li>
              <li>Choisissez vos formations dans notre catalogue.</li>
              <li>Apprenez à votre rythme, en ligne, avec un accompagnement personnalisé.</li>
              <li>Posez vos questions à notre support, disponible 24 h/24 et 7 j/7.</li>
            </Box>
          </ProgrammeBlock>
        </Box>
      </Section>

      <Section labelledBy="audiences-title">
        <SectionTitle id="audiences-title">Pour qui&nbsp;?</SectionTitle>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {audiences.map((audience) => (
            <Paper key={audience.title} variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Box sx={{ color: 'primary.main', display: 'flex' }}>
                <SpriteIcon name={audience.icon} size={36} />
              </Box>
              <Typography variant="h3" sx={{ fontSize: 22 }}>
                {audience.title}
              </Typography>
              <Typography sx={{ flexGrow: 1 }}>{audience.text}</Typography>
              {!user && (
                <LinkButton to={audience.to} variant="contained" sx={{ alignSelf: 'flex-start' }}>
                  {audience.action}
                </LinkButton>
              )}
            </Paper>
          ))}
        </Box>
      </Section>

      <Box component="section" aria-labelledby="cta-title" sx={{ bgcolor: 'secondary.main', color: '#ffffff', py: { xs: 6, md: 8 }, textAlign: 'center' }}>
        <Container maxWidth="md">
          <Typography id="cta-title" variant="h2" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
            {ownSpace ? 'Poursuivez votre parcours' : 'Rejoignez le mouvement'}
          </Typography>
          <Typography sx={{ fontSize: 18, mb: 4 }}>
            Plus de {LANDING_STATS.learners.replace('+', '')} apprenants développent déjà leurs compétences avec EcoForma.
            À vous de jouer pour une société plus durable.
          </Typography>
          <LinkButton
            to={ownSpace ? ownSpace.to : webPaths.signup}
            variant="contained"
            size="large"
            sx={{ bgcolor: '#ffffff', color: 'secondary.dark', '&:hover': { bgcolor: '#e0f2f1' } }}
          >
            {ownSpace ? ownSpace.label : 'Créer mon compte'}
          </LinkButton>
        </Container>
      </Box>
    </>
  );
}
