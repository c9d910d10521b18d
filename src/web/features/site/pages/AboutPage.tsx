import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { categories } from '../../../../shared/categories';
import { CONTACT, LANDING_STATS } from '../../../../shared/constants';
import { webPaths } from '../../../../shared/web-paths';
import { ExternalLink, LegalPage } from '../components/LegalPage';

export default function AboutPage() {
  return (
    <LegalPage
      title="À propos"
      intro={
        <p>
          EcoForma est une plateforme française de formation en ligne et de mise en réseau dédiée au développement durable.
          Notre conviction : la transition écologique se gagnera avec des compétences, partagées le plus largement possible.
        </p>
      }
    >
      <Box
        component="img"
        src="/illustrations/mission.svg"
        alt=""
        width={400}
        height={300}
        sx={{ display: 'block', width: '100%', maxWidth: 360, height: 'auto', mx: 'auto', my: 3 }}
      />

      <h2>Notre mission</h2>
      <p>
        Former celles et ceux qui transforment les entreprises, les territoires et les modes de vie. Le climat se dérègle,
        la biodiversité s'effondre, les ressources s'épuisent : face à ces constats, chacun a besoin de repères fiables et
        d'outils concrets. EcoForma rend accessibles, en ligne et en français, des formations exigeantes sur les grands
        enjeux du développement durable, pour passer de la prise de conscience à l'action.
      </p>

      <h2>Ce que nous proposons</h2>
      <ul>
        <li>
          <strong>Des cours conçus par des experts</strong> : consultants RSE, écologues, agronomes, spécialistes de
          l'économie circulaire et de la construction durable, qui partagent leur pratique du terrain.
        </li>
        <li>
          <strong>Un accompagnement personnalisé</strong> : chaque apprenant avance à son rythme et peut solliciter nos
          formateurs pour adapter son parcours à son métier.
        </li>
        <li>
          <strong>Un support 24 h/24 et 7 j/7</strong>, pour ne jamais rester bloqué.
        </li>
        <li>
          <strong>Une communauté</strong> d'apprenants, de formateurs et d'organisations qui partagent leurs retours
          d'expérience.
        </li>
      </ul>

      <h2>Nos thématiques</h2>
      <ul>
        {categories.map((category) => (
          <li key={category.slug}>{category.name}</li>
        ))}
      </ul>

      <h2>Des formateurs sélectionnés avec soin</h2>
      <p>
        La qualité d'une formation dépend d'abord de celui qui la transmet. Chaque formateur dépose son CV, qu'un
        administrateur étudie ; il est ensuite reçu en entretien vidéo. Seuls les formateurs approuvés à l'issue de cet
        entretien peuvent publier des cours, et leurs contenus doivent être exacts, sourcés et exempts de toute allégation
        environnementale trompeuse.
      </p>

      <h2>Nos valeurs</h2>
      <ul>
        <li>
          <strong>Exigence</strong> : des contenus fondés sur l'état des connaissances scientifiques et réglementaires.
        </li>
        <li>
          <strong>Accessibilité</strong> : un site utilisable au clavier et avec un lecteur d'écran, sans publicité ni
          traceur, et des formations ouvertes à tous les publics.
        </li>
        <li>
          <strong>Sobriété</strong> : un site léger, sans police ni image chargée depuis l'extérieur, pour limiter son
          empreinte environnementale.
        </li>
        <li>
          <strong>Transparence</strong> : nous disons quelles données nous conservons, pourquoi et pendant combien de
          temps.
        </li>
      </ul>

      <h2>EcoForma en chiffres</h2>
      <p>
        Plus de {LANDING_STATS.learners.replace('+', '')} apprenants, plus de {LANDING_STATS.trainings.replace('+', '')}{' '}
        formations spécialisées et {LANDING_STATS.satisfaction} de satisfaction.
      </p>

      <h2>Nous contacter</h2>
      <p>
        EcoForma, {CONTACT.address}. Écrivez-nous à <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink>{' '}
        ou appelez le <ExternalLink href={`tel:${CONTACT.phone.replace(/\s+/g, '')}`}>{CONTACT.phone}</ExternalLink>.
      </p>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 4 }}>
        <Button component={RouterLink} to={webPaths.signup} variant="contained" size="large">
          Rejoindre EcoForma
        </Button>
        <Button component={RouterLink} to={webPaths.signupAs('formateur')} variant="outlined" size="large">
          Devenir formateur
        </Button>
      </Box>
    </LegalPage>
  );
}
