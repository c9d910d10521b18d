import { CONTACT } from '../../../../shared/constants';
import { webPaths } from '../../../../shared/web-paths';
import { ExternalLink, LegalPage, PageLink } from '../components/LegalPage';

/** The local storage keys the session store writes (src/web/lib/session.ts), explained to the user. */
const storedValues = [
  { key: 'accessToken, token', meaning: 'votre jeton de session, qui prouve que vous êtes connecté' },
  { key: 'userId, userRole', meaning: 'votre identifiant et votre rôle, pour afficher les bons menus' },
  { key: 'firstName, lastName, email', meaning: 'votre prénom, votre nom et votre e-mail, affichés dans le menu du compte' },
  { key: 'isApproved, hasMeeting', meaning: "l'état de votre candidature de formateur et la présence d'un entretien programmé" },
];

export default function CookiesPage() {
  return (
    <LegalPage
      title="Cookies"
      updated="22 novembre 2026"
      intro={
        <p>
          EcoForma ne dépose aucun cookie publicitaire, de mesure d'audience ou de suivi, et ne partage rien avec des
          régies publicitaires ou des réseaux sociaux. Voici exactement ce que le site enregistre dans votre navigateur.
        </p>
      }
    >
      <h2>Votre session, dans le stockage local du navigateur</h2>
      <p>
        Pour vous garder connecté, EcoForma n'utilise pas de cookie : votre session est conservée dans le stockage local
        (« localStorage ») de votre navigateur, sur votre appareil uniquement. Il contient :
      </p>
      <ul>
        {storedValues.map((value) => (
          <li key={value.key}>
            <code>{value.key}</code> : {value.meaning}.
          </li>
        ))}
      </ul>
      <p>
        Ces informations sont effacées dès que vous vous déconnectez. Le jeton ne permet plus d'accéder à votre compte
        après expiration de la session côté serveur : 12 heures, ou 30 jours si vous avez coché « Se souvenir de moi ».
      </p>
      <p>
        Ce stockage est strictement nécessaire au service que vous demandez (vous connecter) : conformément à l'article 82
        de la loi Informatique et Libertés et aux recommandations de la CNIL, il ne requiert pas votre consentement. C'est
        pourquoi le site n'affiche pas de bandeau de cookies.
      </p>

      <h2>Les entretiens vidéo avec Jitsi Meet</h2>
      <p>
        Les entretiens entre un formateur et un administrateur se déroulent dans le service de visioconférence Jitsi Meet,
        intégré à la page de l'entretien. Aucun contenu de Jitsi Meet n'est chargé tant que vous n'ouvrez pas un
        entretien. Lorsqu'un entretien commence, Jitsi Meet peut déposer ses propres cookies ou données de stockage local,
        nécessaires à son fonctionnement (préférences audio et vidéo, nom affiché). Ils relèvent de la politique de
        confidentialité de ce service.
      </p>

      <h2>Comment supprimer ces données</h2>
      <ul>
        <li>Déconnectez-vous depuis le menu de votre compte : la session est effacée du navigateur et révoquée sur nos serveurs.</li>
        <li>
          Vous pouvez aussi effacer les données des sites depuis les réglages de votre navigateur, ou utiliser la
          navigation privée, qui les efface à la fermeture de la fenêtre.
        </li>
      </ul>

      <h2>En savoir plus</h2>
      <p>
        Les données conservées sur nos serveurs sont décrites dans la{' '}
        <PageLink to={webPaths.privacy}>politique de confidentialité</PageLink>. Pour toute question, écrivez à{' '}
        <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink>.
      </p>
    </LegalPage>
  );
}
